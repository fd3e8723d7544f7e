"""List pages cost the same number of queries for 2 teams or 12."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from matches import services as match_services
from tests.factories import LeagueFactory, SeasonFactory, TeamFactory, full_lineup

pytestmark = pytest.mark.django_db


def build_league(teams: int, *, played_rounds: int = 1):
    league = LeagueFactory()
    season = SeasonFactory(league=league)
    for number in range(teams):
        full_lineup(TeamFactory(league=league, name=f"Team {number}"))
    match_services.fixtures_generate(
        season=season, double=False, first_kickoff=timezone.now() + timedelta(days=1)
    )
    for fixture in season.fixtures.filter(round__lte=played_rounds):
        match_services.fixture_simulate(fixture_id=fixture.pk, seed=fixture.pk)
    return league


@pytest.mark.parametrize("teams", [2, 12])
def test_league_page_budget(browser, django_assert_max_num_queries, teams):
    league = build_league(teams)
    client = browser(league.commissioner)

    # 10 (the season's rounds from a light index of its fixtures, then the fixtures of the
    # round shown and the latest results in one query), 2 for the teams' line-ups and match
    # plans (which teams are not ready to play) and 1 for the signed-in commissioner's unread
    # notifications (the bell)
    with django_assert_max_num_queries(13):
        response = client.get(reverse("league:detail", args=[league.pk]))

    assert response.status_code == 200


@pytest.mark.parametrize("leagues", [1, 8])
def test_league_list_budget(browser, django_assert_max_num_queries, leagues):
    for _ in range(leagues):
        build_league(3, played_rounds=0)

    client = browser()

    with django_assert_max_num_queries(3):  # the count of leagues, a page of them, their teams
        response = client.get(reverse("league:list"))

    assert response.status_code == 200
    assert response.content.count(b"<tr>") == leagues + 1


@pytest.mark.parametrize("teams", [2, 12])
def test_team_page_budget(browser, django_assert_max_num_queries, teams):
    league = build_league(teams)
    team = league.teams.first()
    client = browser()

    # 4, and 3 for the team's recent changes (its roster's included): the entries, then the
    # names of the teams and of the players their changes point to; 1 for its awards; and 1
    # for the seasons its fixtures are in (the page shows one season's: the newest)
    with django_assert_max_num_queries(9):
        response = client.get(reverse("league:team", args=[team.pk]))

    assert response.status_code == 200


@pytest.mark.parametrize("teams", [2, 12])
def test_match_preview_budget(browser, django_assert_max_num_queries, teams):
    league = build_league(teams, played_rounds=0)
    fixture = league.seasons.get().fixtures.order_by("pk").first()
    client = browser()

    # the fixture with its teams, season and league; both sides' players, line-ups and
    # match plans read at once (three queries, not six, and the league not read again for
    # each side); the league's coach rule, the corrections and the history
    with django_assert_max_num_queries(9):
        response = client.get(fixture.get_absolute_url())

    assert response.status_code == 200
