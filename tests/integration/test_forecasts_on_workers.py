"""Season forecasts on a real worker: a result's commit reaches the stored forecast through
Redis and a Celery worker, and two results committed faster than the worker forecasts leave
one stored forecast, of the latest. Prints the time from the commit to the stored forecast
(issue 27's figure: < 2 s with a worker free); the assertion only bounds it loosely, a
timing is no CI assert."""

import random
import time
from datetime import UTC, datetime, timedelta

import pytest

from forecasts import services
from forecasts.models import SeasonForecast
from league.services import league_create
from matches.models import Fixture, Result
from matches.standings_keeping import standings_rebuild
from tests.factories import TeamFactory, UserFactory
from tests.integration.conftest import wait_until

pytestmark = pytest.mark.integration
TEAMS = 20


def double_round_robin(count: int) -> list[tuple[int, int, int]]:
    """(round, home, away) of a double round robin of teams ``0..count-1`` (circle method; the
    second half mirrors the first with the grounds swapped), in round order."""
    sides = list(range(count))
    first = []
    for number in range(1, count):
        half = count // 2
        for i in range(half):
            home, away = (sides[i], sides[-1 - i]) if number % 2 else (sides[-1 - i], sides[i])
            first.append((number, home, away))
        sides = [sides[0], sides[-1], *sides[1:-1]]
    return first + [(number + count - 1, away, home) for number, home, away in first]


def _half_played_season():
    """A 20-team Killpower double round robin (380 fixtures), half of them played."""
    league = league_create(
        commissioner=UserFactory(username="forecast-commissioner"),
        name="Forecast arena",
        rule_system="killpower",
    )
    season = league.seasons.get()
    sides = [TeamFactory(league=league, name=f"Team {i:02d}") for i in range(TEAMS)]
    start = datetime(2026, 1, 5, 20, tzinfo=UTC)
    fixtures = Fixture.objects.bulk_create(
        Fixture(
            season=season,
            round=number,
            home=sides[h],
            away=sides[a],
            kickoff=start + timedelta(days=7 * number),
        )
        for number, h, a in double_round_robin(TEAMS)
    )
    half = len(fixtures) // 2
    draw = random.Random(3)
    rows = []
    for fixture in fixtures[: half - 3]:
        h, a = draw.randint(0, 3), draw.randint(0, 3)
        winner = "home" if h > a else "away" if a > h else "draw"
        rows.append(
            Result(fixture=fixture, home_score=h, away_score=a, winner=winner, seed=0, record={})
        )
    Result.objects.bulk_create(rows)
    standings_rebuild(season_ids=[season.pk])
    services.forecast_ensure(season=season)
    return season, fixtures[half - 3 : half]


@pytest.fixture
def full_count(monkeypatch):
    """The worker started after this runs 10,000 completions, the production default (the test
    settings' is lower)."""
    monkeypatch.setenv("FORECAST_SIMULATIONS", "10000")


def _result(fixture):
    return Result.objects.create(
        fixture=fixture, home_score=2, away_score=1, winner="home", seed=0, record={}
    )


def test_a_results_commit_reaches_the_stored_forecast_on_a_free_worker(full_count, worker):
    season, upcoming = _half_played_season()
    before = SeasonForecast.objects.get(season=season)

    _result(upcoming[0])  # autocommit: the task goes to Redis at once
    committed = time.perf_counter()
    wait_until(
        lambda: SeasonForecast.objects.filter(
            season=season, generation__gt=before.generation
        ).exists(),
        timeout=60,
        interval=0.02,
    )
    elapsed = time.perf_counter() - committed
    print(f"\nforecast stored {elapsed:.3f} s after the result's commit")

    stored = SeasonForecast.objects.get(season=season)
    assert stored.fixtures_left == before.fixtures_left - 1
    assert stored.simulations == 10_000
    assert elapsed < 30
    assert worker.errors() == []


def test_two_results_faster_than_the_worker_leave_one_forecast_of_the_latest(worker):
    season, upcoming = _half_played_season()
    before = SeasonForecast.objects.get(season=season)

    _result(upcoming[0])
    _result(upcoming[1])
    wait_until(
        lambda: SeasonForecast.objects.filter(
            season=season, generation=before.requested + 2
        ).exists(),
        timeout=60,
    )

    stored = SeasonForecast.objects.get(season=season)
    assert stored.requested == stored.generation == before.requested + 2
    assert stored.fixtures_left == before.fixtures_left - 2
    assert worker.errors() == []
