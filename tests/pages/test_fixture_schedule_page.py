"""The commissioner schedules one fixture from the league page; a coach may not."""

import pytest
from django.urls import reverse

from matches.models import Fixture
from tests.factories import FixtureFactory, TeamFactory
from tests.pages.conftest import form_data, soup

pytestmark = pytest.mark.django_db


@pytest.fixture
def boars(league):
    return TeamFactory(league=league, name="Boars")


# --- page ---------------------------------------------------------------------------------


def test_commissioner_schedules_a_fixture_from_the_league_page(
    browser, commissioner, league, season, team, other_team
):
    client = browser(commissioner)
    url = reverse("league:fixture_schedule", args=[league.pk])
    link = soup(client.get(reverse("league:detail", args=[league.pk]))).find(
        "a", href=lambda h: h and h.startswith(url)
    )
    form = soup(client.get(link["href"])).find("main").find("form", method="post")

    response = client.post(
        link["href"],
        form_data(form, home=str(other_team.pk), away=str(team.pk), kickoff="2031-05-03T20:00"),
    )

    assert response.status_code == 302, response.content
    fixture = Fixture.objects.get(season=season)
    assert (fixture.round, fixture.home, fixture.away) == (1, other_team, team)


def test_the_page_names_a_busy_team(browser, commissioner, league, season, team, other_team, boars):
    FixtureFactory(season=season, round=1, home=team, away=other_team)
    url = reverse("league:fixture_schedule", args=[league.pk])

    response = browser(commissioner).post(
        url,
        {
            "season": season.pk,
            "home": boars.pk,
            "away": team.pk,
            "kickoff": "2031-05-03T20:00",
            "round": "1",
        },
    )

    assert response.status_code == 200
    assert "Wolves already plays in round 1." in response.content.decode()
    assert season.fixtures.count() == 1


def test_the_killpower_league_page_links_the_form(browser, commissioner, kp_league, kp_season):
    url = reverse("league:fixture_schedule", args=[kp_league.pk])
    page = soup(browser(commissioner).get(reverse("league:detail", args=[kp_league.pk])))
    assert page.find("a", href=lambda h: h and h.startswith(url))


def test_a_coach_cannot_schedule(browser, coach, league, season, team, other_team):
    url = reverse("league:fixture_schedule", args=[league.pk])
    client = browser(coach)

    assert client.get(url).status_code == 403
    response = client.post(
        url,
        {
            "season": season.pk,
            "home": team.pk,
            "away": other_team.pk,
            "kickoff": "2031-05-03T20:00",
        },
    )
    assert response.status_code == 403
    assert not Fixture.objects.exists()


@pytest.mark.parametrize(
    ("field", "value"), [("round", "99999999999999"), ("kickoff", "9999-12-31T20:00")]
)
def test_an_absurd_round_or_date_is_an_inline_error(
    browser, commissioner, league, season, team, other_team, field, value
):
    fields = {"season": season.pk, "home": other_team.pk, "away": team.pk,
              "kickoff": "2031-05-03T20:00", "round": "", field: value}  # fmt: skip

    response = browser(commissioner).post(
        reverse("league:fixture_schedule", args=[league.pk]), fields
    )

    assert response.status_code == 200
    assert soup(response).find(id=f"id_{field}_error") is not None
    assert not season.fixtures.exists()
