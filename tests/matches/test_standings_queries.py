"""Reading standings costs a few queries whatever the season's size: a 20-team double round
robin (380 results, draws among them) is read with as many queries as a 4-team one, but the
one that reads the mutual results of teams level before head-to-head."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from league.models import Season
from matches.models import Result
from matches.services import fixtures_generate
from matches.standings import standings_get
from matches.standings_keeping import standings_refresh
from rules_engine import Dice
from tests.factories import LeagueFactory, ResultFactory, SeasonFactory, TeamFactory


def _played_season(teams: int) -> Season:
    league = LeagueFactory(tiebreakers=["points", "head_to_head", "goal_difference"])
    for number in range(teams):
        TeamFactory(league=league, name=f"Team {number:02}")
    season = SeasonFactory(league=league)
    dice = Dice(teams, record=False)
    results = []
    for fixture in fixtures_generate(season=season):
        home, away = dice.roll(3, "home") - 1, dice.roll(3, "away") - 1
        results.append(ResultFactory.build(fixture=fixture, home_score=home, away_score=away))
    Result.objects.bulk_create(results)  # a bulk writer: it refreshes the season once
    standings_refresh(season_id=season.pk)
    return season


def _queries(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.fixture
def small(db):
    return _played_season(4)


@pytest.fixture
def large(db):
    return _played_season(20)


@pytest.mark.django_db
def test_the_table_is_two_queries(large, django_assert_max_num_queries):
    season = Season.objects.select_related("league").get(pk=large.pk)
    with django_assert_max_num_queries(2):
        table = standings_get(season=season)
    assert len(table) == 20 and sum(row.played for row in table) == 2 * 380


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        "/api/v1/seasons/{season}/standings/",
        "/api/v1/seasons/{season}/standings/?format=csv",
        "/api/v1/leagues/{league}/all-time/",
        "league:detail",
        "league:all_time",
        "league:standings_export",
    ],
)
def test_reads_cost_the_same_for_4_teams_and_20(client, small, large, url):
    def address(season: Season) -> str:
        if url.startswith("/"):
            return url.format(season=season.pk, league=season.league_id)
        if url == "league:standings_export":  # the league's current season's table
            return reverse(url, args=[season.league_id, "csv"])
        return reverse(url, args=[season.league_id])

    _queries(client, address(small))  # the first request fills the caches (content types...)
    # One more at most: the mutual results of teams level before head-to-head, read only when
    # some are (none of the 4 teams is level here).
    assert _queries(client, address(large)) <= _queries(client, address(small)) + 1


@pytest.mark.django_db
def test_the_standings_api_on_a_full_season(client, large, django_assert_max_num_queries):
    with django_assert_max_num_queries(4):
        answer = client.get(f"/api/v1/seasons/{large.pk}/standings/")
    assert answer.status_code == 200 and len(answer.json()["rows"]) == 20
