"""Every list endpoint costs the same number of queries for 3 objects or 30."""

import pytest

from matches.models import Fixture, Result, SimulationBatch
from systems.rotzball.models import LineupSlot
from tests.factories import FixtureFactory, LeagueFactory, PlayerFactory, SeasonFactory, TeamFactory

# count + page (+ one prefetch: players' line-up positions, teams' living gladiators)
BUDGET = 2


def leagues(n, league, season):
    for i in range(n):
        TeamFactory(league=LeagueFactory(name=f"League {i:02}"))


def seasons(n, league, season):
    for i in range(n):
        SeasonFactory(league=league, name=f"S{i:02}")


def teams(n, league, season):
    for i in range(n):
        TeamFactory(league=league, name=f"Team {i:02}")


def players(n, league, season):
    team = TeamFactory(league=league)
    for i in range(n):
        player = PlayerFactory(team=team, name=f"Player {i:02}")
        if i < len(LineupSlot.Position.values):
            LineupSlot.objects.create(
                team=team, position=LineupSlot.Position.values[i], player=player
            )


def _fixtures(n, season):
    home, away = TeamFactory(league=season.league), TeamFactory(league=season.league)
    return [FixtureFactory(season=season, round=i + 1, home=home, away=away) for i in range(n)]


def fixtures(n, league, season):
    for fixture in _fixtures(n, season)[::2]:
        Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)
        Result.objects.create(
            fixture=fixture,
            home_score=1,
            away_score=0,
            winner="home",
            decided_by="regulation",
            seed=1,
            record={"turns": [], "rolls": []},
        )


def results(n, league, season):
    for fixture in _fixtures(n, season):
        Result.objects.create(
            fixture=fixture,
            home_score=1,
            away_score=0,
            winner="home",
            decided_by="regulation",
            seed=1,
            record={"turns": [], "rolls": []},
        )


def batches(n, league, season):
    played = _fixtures(3, season)
    for i in range(n):
        batch = SimulationBatch.objects.create(
            season=season, requested_by=league.commissioner, label=f"B{i}"
        )
        batch.fixtures.set(played)


ENDPOINTS = [
    ("/api/v1/leagues/", leagues, BUDGET + 1),  # the teams of the page's leagues counted apart
    ("/api/v1/seasons/", seasons, BUDGET),
    ("/api/v1/teams/", teams, BUDGET + 1),
    ("/api/v1/players/", players, BUDGET + 1),
    ("/api/v1/fixtures/", fixtures, BUDGET),
    ("/api/v1/results/", results, BUDGET),
    ("/api/v1/simulation-batches/", batches, BUDGET),
]


@pytest.mark.django_db
@pytest.mark.parametrize("n", [3, 30])
@pytest.mark.parametrize(
    ("url", "build", "budget"), ENDPOINTS, ids=[e[0].split("/")[3] for e in ENDPOINTS]
)
def test_list_endpoints_have_a_constant_query_count(
    api_as, commissioner, url, build, budget, n, django_assert_max_num_queries
):
    # given n objects to list (and a signed-in reader)
    league = LeagueFactory(name="Budget League", commissioner=commissioner)
    build(n, league, SeasonFactory(league=league))
    client = api_as(commissioner)

    # when listing them, then the query count does not grow with n
    with django_assert_max_num_queries(budget):
        response = client.get(url, {"page_size": 100})
    assert response.status_code == 200
    assert response.json()["count"] >= n


@pytest.mark.django_db
@pytest.mark.parametrize("n", [3, 30])
def test_standings_have_a_constant_query_count(api_as, n, django_assert_max_num_queries):
    # given a season with n teams and some results
    season = SeasonFactory()
    teams(n, season.league, season)
    fixtures(4, season.league, season)

    # season + totals + head-to-head results
    with django_assert_max_num_queries(3):
        response = api_as(None).get(f"/api/v1/seasons/{season.pk}/standings/")
    assert len(response.json()["rows"]) == n + 2
