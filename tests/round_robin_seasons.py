"""A Killpower season of a double round robin with part of it played, built straight into the
database (fixtures and results in bulk): the forecast benchmark (tests/benchmarks/
bench_forecasts.py) and the forecast integration tests (tests/integration/
test_forecasts_on_workers.py) start from it."""

import random
from datetime import UTC, datetime, timedelta


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


def played_in_part(*, commissioner, name: str, teams: int, played: int, seed: int):
    """A Killpower league ``name`` of ``teams`` teams and a double round robin whose first
    ``played`` fixtures have results (scores 0-3 drawn from ``random.Random(seed)``), stored
    in bulk (no signal, the fixtures' status left as it was): ``(season, fixtures)``, the
    fixtures in round order. (Its imports wait for the call: the benchmark sets Django up
    after importing ``double_round_robin``.)"""
    from league.services import league_create
    from matches.models import Fixture, Result
    from tests.factories import TeamFactory

    league = league_create(commissioner=commissioner, name=name, rule_system="killpower")
    season = league.seasons.get()
    sides = [TeamFactory(league=league, name=f"Team {i:02d}") for i in range(teams)]
    start = datetime(2026, 1, 5, 20, tzinfo=UTC)
    fixtures = Fixture.objects.bulk_create(
        Fixture(
            season=season,
            round=number,
            home=sides[h],
            away=sides[a],
            kickoff=start + timedelta(days=7 * number),
        )
        for number, h, a in double_round_robin(teams)
    )
    draw = random.Random(seed)
    rows = []
    for fixture in fixtures[:played]:
        h, a = draw.randint(0, 3), draw.randint(0, 3)
        winner = "home" if h > a else "away" if a > h else "draw"
        rows.append(
            Result(fixture=fixture, home_score=h, away_score=a, winner=winner, seed=0, record={})
        )
    Result.objects.bulk_create(rows)
    return season, fixtures
