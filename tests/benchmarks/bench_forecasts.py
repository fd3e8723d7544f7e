"""Season forecast benchmark (a script, not a test).

    python tests/benchmarks/bench_forecasts.py [--repeats 7] [--n 10000] [--stored 5]

Prints medians over ``--repeats`` runs of

* ``engine``: :func:`rules_engine.forecasts.forecast` on a 20-team double round robin (380
  fixtures) with half its fixtures left (190), 3-1-0 with draws, tie-breakers points, goal
  difference, goals for, head-to-head (the default), ``--n`` completions, the marks included.
  Target (issue 27): < 1 s at 10,000.
* ``stored``: on PostgreSQL, the same season as a Killpower league (played at the table: each
  fixture priced from the ratings), the time from a change heard
  (``forecasts.services.forecast_request``, committed) to the forecast stored by its task, run
  eagerly in the same process (``forecast_refresh``: the table, the chances of the 190 fixtures
  left, the engine, the conditional UPDATE), median over ``--stored`` changes. Target (issue 27): < 2 s from a result's commit
  with a worker free; the broker's hop (a few milliseconds on the local Redis) is not in it.

The date, processor, cores and load average are printed with the figures, so that a figure
taken on a busy machine reads as such. The database part uses a throwaway database
``league_forecasts_bench`` on ``BENCH_DATABASE_URL`` (default the local PostgreSQL), created
afresh each run; ``--engine-only`` skips it.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from rules_engine import Dice  # noqa: E402
from rules_engine.forecasts import (  # noqa: E402
    RemainingFixture,
    ScoreModel,
    SeasonState,
    TeamTotals,
    forecast,
)
from tests.benchmarks.machine import processor  # noqa: E402
from tests.round_robin_seasons import double_round_robin, played_in_part  # noqa: E402

SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
DB_NAME = os.environ.get("BENCH_DB_NAME", "league_forecasts_bench")
ENGINE_TARGET = 1.0
STORED_TARGET = 2.0
TEAMS = 20


def engine_season() -> SeasonState:
    teams = list(range(1, TEAMS + 1))
    pairs = [(home + 1, away + 1) for _round, home, away in double_round_robin(TEAMS)]
    played, left = pairs[: len(pairs) // 2], pairs[len(pairs) // 2 :]
    draw = random.Random(1)
    totals = {t: [0, 0, 0, 0, 0] for t in teams}
    head_to_head: dict[tuple[int, int], int] = {}
    for home, away in played:
        h, a = draw.randint(0, 3), draw.randint(0, 3)
        totals[home][3] += h
        totals[home][4] += a
        totals[away][3] += a
        totals[away][4] += h
        if h > a:
            totals[home][0] += 1
            totals[away][2] += 1
            head_to_head[(home, away)] = head_to_head.get((home, away), 0) + 3
        elif a > h:
            totals[away][0] += 1
            totals[home][2] += 1
            head_to_head[(away, home)] = head_to_head.get((away, home), 0) + 3
        else:
            totals[home][1] += 1
            totals[away][1] += 1
            for key in ((home, away), (away, home)):
                head_to_head[key] = head_to_head.get(key, 0) + 1
    return SeasonState(
        teams=[TeamTotals(t, *totals[t]) for t in teams],
        remaining=[
            RemainingFixture(h, a, {"home": 0.45, "draw": 0.27, "away": 0.28}) for h, a in left
        ],
        head_to_head=head_to_head,
        scores=ScoreModel(
            {
                "home": [(1, 0), (2, 1), (2, 0), (3, 1)],
                "draw": [(0, 0), (1, 1), (2, 2)],
                "away": [(0, 1), (1, 2)],
            }
        ),
    )


def bench_engine(n: int, repeats: int) -> tuple[float, float]:
    state = engine_season()
    walls, cpus = [], []
    for seed in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        forecast(state, n=n, dice=Dice(seed))
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return statistics.median(walls), statistics.median(cpus)


def _database_url() -> str:
    return urlsplit(SERVER)._replace(path=f"/{DB_NAME}").geturl()


def _recreate_database() -> None:
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {DB_NAME}")


def _setup_django(n: int) -> None:
    os.environ["DATABASE_URL"] = _database_url()
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "true")
    os.environ["FORECAST_SIMULATIONS"] = str(n)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def bench_stored(results: int) -> tuple[float, float, int, int]:
    """The median seconds from a committed result's change to its forecast stored, their
    median CPU seconds and queries, and the number of fixtures left in the last one."""
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from forecasts import services
    from forecasts.models import SeasonForecast
    from matches.models import Fixture, Result
    from matches.standings_keeping import standings_rebuild
    from ratings.services import ratings_rebuild

    half = TEAMS * (TEAMS - 1) // 2
    season, fixtures = played_in_part(
        commissioner=get_user_model().objects.create_user("bench_commissioner"),
        name="Bench arena",
        teams=TEAMS,
        played=half - results,
        seed=2,
    )
    rows = fixtures[: half - results]  # played: their results counted once below
    Fixture.objects.filter(pk__in=[f.pk for f in rows]).update(status=Fixture.Status.PLAYED)
    standings_rebuild(season_ids=[season.pk])
    ratings_rebuild(league_ids=[season.league_id])  # the teams' ratings the chances are read from
    services.forecast_ensure(season=season)

    times, cpu, queries = [], [], []
    for fixture in fixtures[half - results : half]:
        # the change, committed (autocommit), its task run at once in-process (no broker)
        with CaptureQueriesContext(connection) as captured:
            started, started_cpu = time.perf_counter(), time.process_time()
            generation = services.forecast_request(season_id=season.pk)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
        queries.append(len(captured))
        assert SeasonForecast.objects.get(season=season).generation == generation
        Result.objects.bulk_create(
            [Result(fixture=fixture, home_score=1, away_score=0, winner="home", seed=0, record={})]
        )
        standings_rebuild(season_ids=[season.pk])
    left = SeasonForecast.objects.get(season=season).fixtures_left
    return statistics.median(times), statistics.median(cpu), int(statistics.median(queries)), left


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--n", type=int, default=10_000)
    parser.add_argument("--stored", type=int, default=5)
    parser.add_argument("--engine-only", action="store_true")
    args = parser.parse_args()
    print(
        f"{datetime_now()} · {processor()} · {os.cpu_count()} cores · "
        f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    wall, cpu = bench_engine(args.n, args.repeats)
    verdict = "ok" if wall < ENGINE_TARGET else "SLOW"
    print(
        f"engine: {args.n} completions, {TEAMS} teams, 190 fixtures left: median {wall:.3f} s wall, "
        f"{cpu:.3f} s CPU (target < {ENGINE_TARGET:.0f} s: {verdict})"
    )
    if args.engine_only:
        return
    _recreate_database()
    _setup_django(args.n)
    stored, cpu, queries, left = bench_stored(args.stored)
    verdict = "ok" if stored < STORED_TARGET else "SLOW"
    print(
        f"stored: change to forecast stored by the worker, {left} fixtures left: median "
        f"{stored:.3f} s wall, {cpu:.3f} s CPU, {queries} queries "
        f"(target < {STORED_TARGET:.0f} s: {verdict})"
    )


def datetime_now() -> str:
    from datetime import UTC, datetime

    return datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")


if __name__ == "__main__":
    main()
