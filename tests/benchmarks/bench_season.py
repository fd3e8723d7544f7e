"""A season simulated through real workers on PostgreSQL and Redis (a script, not a test).

    python tests/benchmarks/bench_season.py [--repeats 5] [--teams 20] [--workers 2]

Builds a Rotzball league of ``--teams`` teams with full line-ups, then, for each repeat, a
fresh season (a double round robin: 380 fixtures for 20 teams) and times, from
``matches.services.simulation_request`` for the whole season, until every fixture has its
result stored and the standings are read with every team's games counted. ``--workers``
real ``celery worker`` processes (concurrency 1 each, the project's queues, prefetch 1) do
the work. Prints the per-repeat times and their median. Target: < 2 s for 380 fixtures with
two workers.

Since the machine is shared, it also prints per repeat the CPU seconds the workers spent (their
processes and pool children) and those of the PostgreSQL server processes of the database
(its backends), which the load of other processes changes far less than the wall time, and the
workers' CPU per fixture as a multiple of the engine's own time (issue 30's goal: at most 20
times): the engine's CPU per match on the season's own fixtures, resolved again in this process
(``results_resolve``: the engine with its dice and roll log, nothing stored), and on
``bench_rotzball``'s small plain line-ups.

The workers run with production settings (``DJANGO_DEBUG=false``, as deployed: development
settings log every SQL statement, its parameters bound into the text); ``--debug-workers``
runs them with the development settings instead, as this benchmark did before 2026-11-29.

It uses a throwaway database (``BENCH_DATABASE_NAME``, default ``league_sim_bench``) on
``BENCH_DATABASE_URL`` (default the local PostgreSQL), created afresh each run and dropped at
the end, and the broker ``BENCH_BROKER_URL`` (default Redis database 2 on localhost), purged
before the workers start. Every repeat is bounded (``--timeout``); the workers are stopped
however it ends.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
BROKER = os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/2")
DB_NAME = os.environ.get("BENCH_DATABASE_NAME", "league_sim_bench")
TARGET = 2.0  # seconds for a 380-fixture season with two workers


def _database_url() -> str:
    return urlsplit(SERVER)._replace(path=f"/{DB_NAME}").geturl()


def _admin(statement: str) -> None:
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as admin:
        admin.execute(statement)


def _setup_django() -> None:
    os.environ["DATABASE_URL"] = _database_url()
    os.environ["CELERY_BROKER_URL"] = BROKER
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "true")  # development settings, whatever runs it
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


PRODUCTION = {
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": "bench-" + "k" * 60,
    "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
    "SITE_URL": "http://127.0.0.1:8000",
    "LOG_LEVEL": "INFO",  # the workers' "succeeded in" lines, read by _task_seconds
}


def _start_workers(workers: list, count: int, log_dir: Path, *, debug: bool) -> None:
    """Start ``count`` real ``celery worker`` processes (concurrency 1 each, the project's
    queues, prefetch 1) into ``workers``: the integration tests' ``Worker``, each in its own
    process group, so the caller stops every one that started even if a later one fails. With
    production settings unless ``debug`` (the workers inherit this process's environment)."""
    from tests.integration.conftest import Worker

    saved = {name: os.environ.get(name) for name in PRODUCTION}
    if not debug:
        os.environ.update(PRODUCTION)
    try:
        for index in range(count):
            worker = Worker(_database_url(), log_dir / f"worker{index}.log", concurrency=1)
            workers.append(worker)
            worker.mark()
            worker.start(name=f"bench{index}", timeout=180)  # a loaded machine starts slowly
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _engine_seconds(season) -> float:
    """The engine's own CPU per match on ``season``'s fixtures (played: their frozen line-ups
    and options), resolved again here as a chunk resolves them, nothing stored: the median of
    three runs."""
    from matches.models import Fixture
    from matches.simulation_chunks import results_resolve

    fixtures = list(Fixture.objects.filter(season=season).select_related("season__league"))
    runs = []
    for _ in range(3):
        cpu = time.process_time()
        results_resolve(fixtures=fixtures)
        runs.append((time.process_time() - cpu) / len(fixtures))
    return statistics.median(runs)


def _rotzball_seconds() -> float:
    """``bench_rotzball``'s CPU per match (its small plain line-ups), the median of three runs
    of 2,000 matches."""
    from tests.benchmarks.bench_rotzball import bench_simulate

    _wall, per_second = bench_simulate(2_000, 3)
    return 1 / per_second


def _cpu_seconds(workers: list) -> tuple[float, float]:
    """CPU seconds used so far by the workers (each process group's processes) and by the
    PostgreSQL processes serving the bench's database (their title names it)."""
    import psutil

    def used(process: psutil.Process) -> float:
        try:
            times = process.cpu_times()
        except psutil.Error:
            return 0.0
        return times.user + times.system

    worker_cpu = 0.0
    for worker in workers:
        parent = psutil.Process(worker.process.pid)
        worker_cpu += used(parent) + sum(used(c) for c in parent.children(recursive=True))
    database_cpu = 0.0
    for process in psutil.process_iter(["name", "cmdline"]):
        cmdline = " ".join(process.info["cmdline"] or ())
        if cmdline.startswith("postgres:") and f" {DB_NAME} " in cmdline:
            database_cpu += used(process)
    return worker_cpu, database_cpu


def _idle(workers: list, *, timeout: float = 120.0) -> None:
    """Wait until the workers are idle: their CPU stands still for half a second (what is left
    of the season's tasks, the ratings and forecasts after its last result, is done)."""
    deadline = time.perf_counter() + timeout
    last = _cpu_seconds(workers)[0]
    while time.perf_counter() < deadline:
        time.sleep(0.5)
        now = _cpu_seconds(workers)[0]
        if now - last < 0.01:
            return
        last = now


def _task_seconds(log_dir: Path) -> dict[str, tuple[int, float]]:
    """Per task name, the runs and the seconds the workers' logs report (Celery's
    ``Task NAME[id] succeeded in Xs``: wall time in the worker, the whole run's)."""
    import re

    pattern = re.compile(r"Task ([\w.]+)\[[^\]]+\] succeeded in ([0-9.]+)s")
    runs: dict[str, tuple[int, float]] = {}
    for log in log_dir.glob("worker*.log"):
        for match in pattern.finditer(log.read_text(errors="replace")):
            count, seconds = runs.get(match[1], (0, 0.0))
            runs[match[1]] = (count + 1, seconds + float(match[2]))
    return runs


def _league(teams: int):
    from django.utils import timezone

    from tests.factories import LeagueFactory, TeamFactory, full_lineup

    league = LeagueFactory(name=f"Bench league {timezone.now():%H%M%S}")
    for index in range(teams):
        full_lineup(TeamFactory(league=league, name=f"Bench team {index:02}"), skill=30 + index)
    return league


def _season(league, index: int):
    """The league's ``index``-th season, after the one before as a league's seasons follow one
    another: its rounds a week apart from tomorrow plus ``index`` times 40 weeks. (Before
    2026-11-29 every repeat's season had the same weeks: each chunk's ratings then rated again
    the coaches' weeks of every earlier repeat's season, a cost that grew with the repeats
    and that no league's next season pays.)"""
    from django.utils import timezone

    from matches import services
    from tests.factories import SeasonFactory

    season = SeasonFactory(league=league)
    start = timezone.now() + timedelta(days=1, weeks=40 * index)
    fixtures = services.fixtures_generate(season=season, double=True, first_kickoff=start)
    return season, len(fixtures)


def _games_counted(season) -> int:
    """The games the season's kept standings count (two per fixture played): what the wait
    polls, a sum over the season's few rows rather than a count joining every result to its
    fixture."""
    from django.db.models import Sum

    from matches.models import Standing

    return Standing.objects.filter(season=season).aggregate(games=Sum("played"))["games"] or 0


def _simulate(season, expected: int, timeout: float) -> float:
    """Seconds from the request to every result stored and the standings read complete."""
    from matches import services
    from matches.models import Result
    from matches.standings import standings_get

    results = Result.objects.filter(fixture__season=season)
    teams = season.league.teams.count()
    start = time.perf_counter()
    services.simulation_request(season=season, user=None)
    deadline = start + timeout
    while _games_counted(season) < 2 * expected:
        if time.perf_counter() > deadline:
            raise RuntimeError(f"only {results.count()} of {expected} results in {timeout} s")
        time.sleep(0.01)
    table = standings_get(season=season)
    elapsed = time.perf_counter() - start
    assert len(table) == teams and all(row.played == 2 * (teams - 1) for row in table), table
    assert results.count() == expected  # never a result twice
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per repeat")
    parser.add_argument(
        "--debug-workers", action="store_true", help="workers on the development settings"
    )
    args = parser.parse_args()

    _admin(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
    _admin(f"CREATE DATABASE {DB_NAME}")
    try:
        _setup_django()
        from config.celery import app

        app.control.purge()
        league = _league(args.teams)
        times: list[float] = []
        cpu: list[tuple[float, float]] = []
        fixtures = 0
        with tempfile.TemporaryDirectory(prefix="bench_season_") as logs:
            workers: list = []
            try:
                _start_workers(workers, args.workers, Path(logs), debug=args.debug_workers)
                for index in range(args.repeats):
                    season, fixtures = _season(league, index)
                    before = _cpu_seconds(workers)
                    times.append(_simulate(season, fixtures, args.timeout))
                    # the follow-ups (ratings, forecasts) run on after the standings are
                    # complete: their CPU is the season's too
                    _idle(workers)
                    after = _cpu_seconds(workers)
                    cpu.append((after[0] - before[0], after[1] - before[1]))
                errors = [line for worker in workers for line in worker.errors()]
            finally:
                for worker in workers:
                    worker.stop()
            tasks = _task_seconds(Path(logs))
        engine = _engine_seconds(season)
        rotzball = _rotzball_seconds()
        from django.db import connections

        connections.close_all()
    finally:
        _admin(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")

    median = statistics.median(times)
    per_fixture = statistics.median(w for w, _ in cpu) / fixtures
    print(
        "season  per repeat: " + ", ".join(f"{t:.2f}" for t in times) + " s"
        f"{'  worker errors: ' + str(len(errors)) if errors else ''}"
    )
    print(
        "season  CPU per repeat, workers / PostgreSQL backends: "
        + ", ".join(f"{w:.2f}/{d:.2f}" for w, d in cpu)
        + f" s (medians {statistics.median(w for w, _ in cpu):.2f} / "
        f"{statistics.median(d for _, d in cpu):.2f} s)"
    )
    print(
        "season  worker tasks over all repeats (runs, seconds in the worker): "
        + ", ".join(
            f"{name.rsplit('.', 1)[-1]} {count} / {seconds:.2f} s"
            for name, (count, seconds) in sorted(tasks.items(), key=lambda item: -item[1][1])
        )
    )
    print(
        f"season  worker CPU per fixture {per_fixture * 1000:.2f} ms (median repeat): "
        f"{per_fixture / engine:.1f} times the engine's own on the season's fixtures "
        f"({engine * 1000:.3f} ms a match), {per_fixture / rotzball:.0f} times on "
        f"bench_rotzball's ({rotzball * 1000:.3f} ms)  target <= 20 times  "
        f"{'OK' if per_fixture <= 20 * engine else 'MISSED'}"
    )
    print(
        f"season  {median:8.2f} s for {fixtures} fixtures ({args.teams} teams, double round "
        f"robin) through {args.workers} workers, request to standings "
        f"({fixtures / median:.0f} fixtures/s; median of {args.repeats})  target < {TARGET}  "
        f"{'OK' if median < TARGET and not errors else 'MISSED'}"
    )


if __name__ == "__main__":
    main()
