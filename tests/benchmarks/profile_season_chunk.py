"""Where a worker's time goes in a season's simulation, in one process (a script, not a test).

    python tests/benchmarks/profile_season_chunk.py [--teams 20] [--chunk 10] [--profile N]

Builds a Rotzball league of ``--teams`` teams with full line-ups and a double round robin on
PostgreSQL, then runs the season's work as the workers do it, without a broker: the kick-offs
of ``batch_kick_off`` (``SIMULATION_KICK_OFF_CHUNK`` fixtures per transaction), every chunk of
``--chunk`` fixtures (``simulation_chunks.fixtures_simulate``) and, as its own step, the
follow-up task each chunk sends (``ratings.services.results_rate``: the workers run it as a
task of its own), then the season's forecast once (the workers' forecast tasks, queued behind
the chunks, find a newer change waiting and store nothing until the last). Prints, per step,
the CPU time of this process (``time.process_time``: what the load of other processes does not
change much), the wall time and the SQL statements (``CaptureQueriesContext``), the worker's
CPU per fixture over all steps beside the engine's own (the results resolved, timed alone),
and with ``--profile N`` the N heaviest functions of one chunk and of the first kick-off
(cProfile, cumulative).

It uses a throwaway database (``BENCH_DATABASE_NAME``, default ``league_chunk_profile``) on
``BENCH_DATABASE_URL`` (default the local PostgreSQL), created afresh and dropped at the end.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from collections import Counter
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
DB_NAME = os.environ.get("BENCH_DATABASE_NAME", "league_chunk_profile")


def _admin(statement: str) -> None:
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as admin:
        admin.execute(statement)


def _setup_django(chunk: int) -> None:
    os.environ["DATABASE_URL"] = urlsplit(SERVER)._replace(path=f"/{DB_NAME}").geturl()
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ["SIMULATION_CHUNK"] = str(chunk)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "true")  # development settings, whatever runs it
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    # the follow-ups run below as their own steps, as the workers run them as their own tasks
    settings.EAGER_TASKS_SKIPPED = frozenset(
        {
            "forecasts.tasks.forecast_refresh_task",
            "ratings.tasks.results_rate_task",
            "betting.tasks.ratings_changed_task",
        }
    )

    call_command("migrate", verbosity=0)


def _season(teams: int):
    from django.utils import timezone

    from matches import services
    from tests.factories import LeagueFactory, SeasonFactory, TeamFactory, full_lineup

    league = LeagueFactory(name="Profile league")
    for index in range(teams):
        full_lineup(TeamFactory(league=league, name=f"Profile team {index:02}"), skill=30 + index)
    season = SeasonFactory(league=league)
    services.fixtures_generate(
        season=season, double=True, first_kickoff=timezone.now() + timedelta(days=1)
    )
    return season


def _engine_seconds(season) -> float:
    """The engine's own CPU per match: the season's played fixtures resolved again (not
    saved), as a chunk resolves them, the median of three runs."""
    from matches.models import Fixture
    from matches.simulation_chunks import results_resolve

    fixtures = list(Fixture.objects.filter(season=season).select_related("season__league"))
    runs = []
    for _ in range(3):
        cpu = time.process_time()
        results_resolve(fixtures=fixtures)
        runs.append((time.process_time() - cpu) / len(fixtures))
    return statistics.median(runs)


class Step:
    """CPU, wall time and statements of each run of a step."""

    def __init__(self) -> None:
        self.cpu: list[float] = []
        self.wall: list[float] = []
        self.statements: list[int] = []
        self.kinds: Counter[str] = Counter()
        self.kind_seconds: Counter[str] = Counter()

    def run(self, function, profiler: cProfile.Profile | None = None):
        from django.db import connection
        from django.test.utils import CaptureQueriesContext

        with CaptureQueriesContext(connection) as queries:
            cpu, wall = time.process_time(), time.perf_counter()
            if profiler is not None:
                profiler.enable()
            value = function()
            if profiler is not None:
                profiler.disable()
            self.cpu.append(time.process_time() - cpu)
            self.wall.append(time.perf_counter() - wall)
        self.statements.append(len(queries.captured_queries))
        for query in queries.captured_queries:
            sql = query["sql"]
            words = sql.split()
            table = next((w for w in words if w.startswith('"') and "_" in w), "")
            kind = f"{words[0]} {table.split('.')[0]}"
            self.kinds[kind] += 1
            self.kind_seconds[kind] += float(query["time"])
        return value

    def line(self, name: str) -> str:
        return (
            f"{name:<10} n={len(self.cpu):<3} cpu median {statistics.median(self.cpu) * 1000:7.1f} ms"
            f"  total {sum(self.cpu):6.2f} s  wall median {statistics.median(self.wall) * 1000:7.1f}"
            f" ms  statements median {statistics.median(self.statements):.0f}"
            f" (total {sum(self.statements)})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--chunk", type=int, default=10, help="SIMULATION_CHUNK")
    parser.add_argument("--profile", type=int, default=0, help="top functions of one chunk")
    parser.add_argument("--sort", default="cumulative", help="pstats order: cumulative, tottime")
    parser.add_argument("--keep", action="store_true", help="keep the database")
    args = parser.parse_args()

    _admin(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
    _admin(f"CREATE DATABASE {DB_NAME}")
    try:
        _setup_django(args.chunk)
        from django.conf import settings
        from django.db import connections, transaction

        from forecasts.models import SeasonForecast
        from forecasts.services import forecast_refresh
        from matches import locking
        from matches.models import Fixture, Standing
        from matches.simulation_chunks import (
            fixtures_kick_off_locked,
            fixtures_simulate,
            simulation_chunks,
        )
        from ratings.services import results_rate

        season = _season(args.teams)
        ids = list(season.fixtures.order_by("round", "pk").values_list("pk", flat=True))
        kick_off, chunk_step, rate_step, forecast_step = Step(), Step(), Step(), Step()

        def kick(part):
            with transaction.atomic():
                fixtures, _teams = locking.lock_fixtures_to_resolve(part)
                return fixtures_kick_off_locked(fixtures)

        size = settings.SIMULATION_KICK_OFF_CHUNK
        kick_profiler = cProfile.Profile(time.process_time) if args.profile else None
        for start in range(0, len(ids), size):
            part = ids[start : start + size]
            chosen = kick_profiler if start == 0 else None
            assert not kick_off.run(lambda part=part: kick(part), chosen)
        rounds = Fixture.objects.filter(pk__in=ids).values_list("round", "pk")
        chunks = simulation_chunks(rounds)
        profiler = cProfile.Profile(time.process_time) if args.profile else None
        for index, chunk in enumerate(chunks):
            chosen = profiler if index == len(chunks) // 2 else None
            counts = chunk_step.run(lambda ids=chunk: fixtures_simulate(fixture_ids=ids), chosen)
            assert counts["played"] == len(chunk), counts
            rate_step.run(lambda ids=chunk: results_rate(fixture_ids=ids))
        played = Standing.objects.filter(season=season).values_list("played", flat=True)
        assert set(played) == {2 * (args.teams - 1)}, played
        heard = SeasonForecast.objects.get(season=season).requested  # the last change heard
        forecast_step.run(lambda: forecast_refresh(season_id=season.pk, generation=heard))
        engine = _engine_seconds(season)
        print(kick_off.line("kick-off"))
        print(chunk_step.line(f"chunk {args.chunk}"))
        print(rate_step.line("rate"))
        print(forecast_step.line("forecast"))
        steps = (kick_off, chunk_step, rate_step, forecast_step)
        worker = sum(sum(step.cpu) for step in steps) / len(ids)
        print(
            f"worker CPU per fixture {worker * 1000:.2f} ms (chunks alone "
            f"{sum(chunk_step.cpu) / len(ids) * 1000:.2f} ms); the engine's own "
            f"{engine * 1000:.3f} ms a match: {worker / engine:.0f} times"
        )
        print("statements of all chunks by kind (count, seconds as the client waited):")
        for kind, count in chunk_step.kinds.most_common():
            print(f"  {count:6}  {chunk_step.kind_seconds[kind]:6.3f} s  {kind}")
        if profiler is not None and kick_profiler is not None:
            print("one chunk:")
            pstats.Stats(profiler).sort_stats(args.sort).print_stats(args.profile)
            print("the first kick-off:")
            pstats.Stats(kick_profiler).sort_stats(args.sort).print_stats(args.profile)
        connections.close_all()
    finally:
        if not args.keep:
            _admin(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")


if __name__ == "__main__":
    main()
