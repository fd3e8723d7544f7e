"""The season pages in the browser's terms: forms posted as a person would, what each role
sees, the archived season still browsable, the all-time page's query count."""

import pytest
from django.urls import reverse

from league.models import Team
from matches import seasons


@pytest.fixture
def finished(played_season, commissioner):
    return seasons.season_finish(season=played_season, by=commissioner)


def test_finish_page_shows_the_champion_then_finishes(client, played_season, league, commissioner):
    client.force_login(commissioner)
    url = reverse("league:season_finish", args=[league.pk, played_season.pk])

    page = client.get(url)
    champion = seasons.season_champion(season=played_season)
    assert page.status_code == 200
    assert champion.name in page.content.decode()

    answer = client.post(url, follow=True)
    played_season.refresh_from_db()
    assert played_season.champion == champion
    body = answer.content.decode()
    assert "archived" in body and champion.name in body


def test_finish_page_lists_what_is_left(client, season, league, commissioner, team, other_team):
    from matches.services import fixtures_generate

    fixtures_generate(season=season, double=False)
    client.force_login(commissioner)
    url = reverse("league:season_finish", args=[league.pk, season.pk])

    body = client.get(url).content.decode()
    assert "still to play" in body and "Wolves" in body
    client.post(url)
    season.refresh_from_db()
    assert season.finished_at is None


def test_next_season_form_confirms_then_starts(client, finished, league, commissioner, third_team):
    client.force_login(commissioner)
    url = reverse("league:season_start_next", args=[league.pk])
    form = {"name": "2627", "retire": [third_team.pk], "add": "Hawks\nOwls, coach"}

    check = client.post(url, form)
    body = check.content.decode()
    assert check.status_code == 200 and "Hawks" in body and "Retiring" in body
    assert league.seasons.count() == 1  # nothing written before the confirmation

    started = client.post(url, form | {"confirm": "True"})
    assert started.status_code == 302
    season = league.seasons.get(name="2627")
    assert Team.objects.filter(league=league, name="Owls", coach__username="coach").exists()
    assert (
        season.fixtures.filter(home__name="Hawks").exists()
        or season.fixtures.filter(away__name="Hawks").exists()
    )
    third_team.refresh_from_db()
    assert third_team.retired_at is not None


def test_next_season_form_errors_name_the_field(client, finished, league, commissioner):
    client.force_login(commissioner)
    url = reverse("league:season_start_next", args=[league.pk])

    body = client.post(
        url, {"name": "2526", "add": "Owls, nobody-here", "confirm": "True"}
    ).content.decode()

    assert "no user has the username nobody-here" in body
    body = client.post(url, {"name": "2526", "confirm": "True"}).content.decode()
    assert "already has a season called 2526" in body
    assert league.seasons.count() == 1


@pytest.mark.parametrize("user, status", [(None, 302), ("coach", 403), ("stranger", 403)])
def test_only_the_commissioner_reaches_the_season_pages(
    client, finished, league, team, user, status, request
):
    if user:
        client.force_login(request.getfixturevalue(user))
    for url in (
        reverse("league:season_finish", args=[league.pk, finished.pk]),
        reverse("league:season_start_next", args=[league.pk]),
        reverse("league:team_retire", args=[team.pk]),
        reverse("league:team_reinstate", args=[team.pk]),
    ):
        assert client.get(url).status_code == status
        assert client.post(url, {"name": "x", "confirm": "True"}).status_code == status
    assert league.seasons.count() == 1
    team.refresh_from_db()
    assert team.retired_at is None


def test_retire_and_bring_back_from_the_team_page(client, finished, commissioner, third_team):
    client.force_login(commissioner)
    page = client.get(third_team.get_absolute_url()).content.decode()
    assert reverse("league:team_retire", args=[third_team.pk]) in page

    client.post(reverse("league:team_retire", args=[third_team.pk]))
    third_team.refresh_from_db()
    assert third_team.retired_at is not None
    page = client.get(third_team.get_absolute_url()).content.decode()
    assert "retired on" in page
    assert reverse("league:team_reinstate", args=[third_team.pk]) in page

    client.post(reverse("league:team_reinstate", args=[third_team.pk]))
    third_team.refresh_from_db()
    assert third_team.retired_at is None


def test_the_old_season_stays_browsable(client, finished, league, commissioner, third_team):
    seasons.season_start_next(league=league, name="2627", by=commissioner, retire=[third_team.pk])

    old = client.get(f"{league.get_absolute_url()}?season={finished.pk}").content.decode()
    assert "archived" in old and f"champions: {finished.champion.name}" in old
    assert "Bears" in old  # the retired team's past season
    for fixture in finished.fixtures.select_related("result"):
        assert f"{fixture.result.home_score}–{fixture.result.away_score}" in old
    new = client.get(league.get_absolute_url()).content.decode()
    assert "Bears" not in new.split('id="season-content"')[1]


def test_all_time_page(client, finished, league, django_assert_max_num_queries):
    url = reverse("league:all_time", args=[league.pk])
    with django_assert_max_num_queries(4):
        body = client.get(url).content.decode()
    assert "All-time table" in body and finished.name in body
    assert finished.champion.name in body
