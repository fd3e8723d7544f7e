"""The season's buttons say no before the submit (issue 25, items 6 and 8): the next season's
check step refuses a season name already used and a team name already taken, on the field and
in the final step's words; "Finish the season" shows once every fixture is played or
cancelled; "Generate the fixtures" is greyed out, with the reason, when it would be refused."""

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse
from django.utils import translation

from matches import seasons, services
from matches.models import Fixture
from tests.factories import SeasonFactory


def _page(response) -> BeautifulSoup:
    assert response.status_code == 200
    return BeautifulSoup(response.content.decode(), "html.parser")


def _field_error(page: BeautifulSoup, name: str) -> str:
    group = page.find(id=f"field-{name}")
    assert group is not None, f"no field {name} on the page"
    error = group.find(class_="field-error")
    return error.get_text(" ", strip=True) if error else ""


def _final_step_refusal(commissioner, league, **start) -> str:
    with pytest.raises(Exception) as refused:
        seasons.season_start_next(league=league, by=commissioner, **start)
    return " ".join(refused.value.messages)


@pytest.fixture
def finished(played_season, commissioner):
    return seasons.season_finish(season=played_season, by=commissioner)


@pytest.fixture
def next_season_url(league):
    return reverse("league:season_start_next", args=[league.pk])


def test_the_check_step_refuses_a_season_name_already_used(
    client, finished, league, commissioner, next_season_url
):
    client.force_login(commissioner)

    page = _page(client.post(next_season_url, {"name": "2526 ", "add": ""}))

    said = _field_error(page, "name")
    assert said == _final_step_refusal(commissioner, league, name="2526")
    assert "already has a season called 2526" in said
    assert page.find(class_="season-summary") is None  # no confirmation offered
    assert league.seasons.count() == 1


@pytest.mark.parametrize(
    "add, taken",
    [
        ("wolves", "Wolves"),  # a team of the league, capitals aside
        ("Bears", "Bears"),  # a retired team keeps its name too
        ("Hawks\nOwls\nHAWKS", "Hawks"),  # twice in the list
    ],
)
def test_the_check_step_refuses_a_team_name_already_taken(
    client, finished, league, commissioner, third_team, next_season_url, add, taken
):
    client.force_login(commissioner)

    page = _page(
        client.post(next_season_url, {"name": "2627", "retire": [third_team.pk], "add": add})
    )

    said = _field_error(page, "add")
    final = _final_step_refusal(
        commissioner,
        league,
        name="2627",
        retire=[third_team.pk],
        add=[{"name": line} for line in add.splitlines()],
    )
    assert (
        said
        == final
        == (f"{taken} already plays in this league (capitals aside): choose another name.")
    )
    assert page.find(class_="season-summary") is None
    assert league.seasons.count() == 1


def test_the_check_step_words_the_refusals_in_french(
    client, finished, league, commissioner, team, next_season_url
):
    client.force_login(commissioner)
    with translation.override("fr"):
        page = _page(
            client.post(
                next_season_url, {"name": "2526", "add": "wolves"}, HTTP_ACCEPT_LANGUAGE="fr"
            )
        )
        season_refusal = _final_step_refusal(commissioner, league, name="2526")
        team_refusal = _final_step_refusal(
            commissioner, league, name="2627", add=[{"name": "wolves"}]
        )
    assert (
        _field_error(page, "name")
        == season_refusal
        == ("Cette ligue a déjà une saison nommée 2526.")
    )
    assert _field_error(page, "add") == team_refusal
    assert team_refusal.startswith("Wolves joue déjà dans cette ligue")


def test_the_check_step_still_confirms_free_names(
    client, finished, league, commissioner, next_season_url
):
    client.force_login(commissioner)

    page = _page(client.post(next_season_url, {"name": "2627", "add": "Hawks\nOwls"}))

    assert "Hawks" in page.find(class_="season-summary").get_text()
    assert not page.find_all(class_="field-error")


def _tools(client, league) -> BeautifulSoup:
    return _page(client.get(league.get_absolute_url())).find(class_="commissioner-tools")


def test_finish_the_season_waits_for_every_fixture(
    client, season, league, commissioner, team, other_team, third_team, run_on_commit
):
    client.force_login(commissioner)
    finish = reverse("league:season_finish", args=[league.pk, season.pk])
    services.fixtures_generate(season=season, double=False)
    assert _tools(client, league).find("a", href=finish) is None  # nothing played yet

    fixtures = list(season.fixtures.order_by("pk"))
    services.fixture_cancel(fixture=fixtures[0])
    assert _tools(client, league).find("a", href=finish) is None  # two still to play

    run_on_commit(services.simulation_request, season=season, user=None)  # the other two
    assert not season.fixtures.filter(status__in=services.UNRESOLVED).exists()
    assert _tools(client, league).find("a", href=finish).get_text() == "Finish the season"


def test_finish_the_season_hides_when_every_fixture_is_cancelled(
    client, season, league, commissioner, team, other_team
):
    client.force_login(commissioner)
    services.fixtures_generate(season=season, double=False)
    for fixture in season.fixtures.all():
        services.fixture_cancel(fixture=fixture)

    assert (
        _tools(client, league).find(
            "a", href=reverse("league:season_finish", args=[league.pk, season.pk])
        )
        is None
    )  # the service refuses it: nothing was played


def test_generate_the_fixtures_is_greyed_out_with_fewer_than_two_teams(
    client, season, league, commissioner, team
):
    client.force_login(commissioner)

    tools = _tools(client, league)
    button = tools.find(id="generate-fixtures")
    assert button.name == "button" and button.has_attr("disabled")
    assert "secondary" in button["class"]
    reason = tools.find(id=button["aria-describedby"]).get_text()
    assert reason == "Register at least two teams before generating fixtures."


def test_generate_the_fixtures_is_the_next_step_with_two_teams(
    client, season, league, commissioner, team, other_team
):
    client.force_login(commissioner)

    button = _tools(client, league).find(id="generate-fixtures")

    assert button.name == "a" and "class" not in button.attrs  # the primary button
    assert button["href"].startswith(reverse("league:fixtures_generate", args=[league.pk]))


def test_generate_the_fixtures_is_not_offered_once_the_season_has_them(
    client, season, league, commissioner, team, other_team
):
    client.force_login(commissioner)
    services.fixtures_generate(season=season, double=False)

    assert _tools(client, league).find(id="generate-fixtures") is None
    url = reverse("league:fixtures_generate", args=[league.pk]) + f"?season={season.pk}"
    page = _page(client.get(url))  # reached by its address: refused before filling it in
    assert page.find(id="refusal").get_text() == "This season already has fixtures."
    assert page.find("main").find("button", type="submit").has_attr("disabled")
    assert client.post(url, {"season": season.pk, "double": "1"}).status_code == 200
    assert Fixture.objects.filter(season=season).count() == 1


def test_the_generate_page_is_open_while_the_season_can_have_fixtures(
    client, league, commissioner, team, other_team
):
    season = SeasonFactory(league=league, name="Fresh")
    client.force_login(commissioner)

    page = _page(client.get(reverse("league:fixtures_generate", args=[league.pk])))

    assert page.find(id="refusal") is None
    assert not page.find("main").find("button", type="submit").has_attr("disabled")
    assert season.fixtures.count() == 0
