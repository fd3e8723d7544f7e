"""Ratings benchmark on PostgreSQL (a script, not a test).

    python tests/benchmarks/bench_ratings.py [--leagues 1000] [--teams 20] [--repeats 3]
                                             [--updates 20] [--jobs 2] [--keep]

Builds the load test's volume (``manage.py generate_load --leagues N --teams T --seasons 1``:
every league a played double round robin and the next season's fixtures ahead), then prints
medians of:

* ``rebuild``: seconds of ``ratings_rebuild(jobs=--jobs)`` (every team and coach row computed
  again, in ``--jobs`` processes, and written), ``--repeats`` times, to its commit (the
  messages it sends then are counted, not run); the target is under 60 s for 1,000 leagues;
* ``update``: the CPU time (``time.process_time``) and the wall time of one result's worker
  task (``results_rate_task``: the league's round and both coaches' week rated again, committed
  to the stored ratings), ``--updates`` results of the next season's first round, each in
  another league; the target is under 20 ms of CPU.

It uses a throwaway database ``league_ratings_bench`` on ``BENCH_DATABASE_URL`` (default the
local PostgreSQL), created afresh unless ``--keep`` reuses the volume of the last run, and runs
tasks eagerly (no broker).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks.bench_ratings_volume import bench_rebuild, bench_updates  # noqa: E402

SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
DB_NAME = os.environ.get("BENCH_DB_NAME", "league_ratings_bench")


def _database_url() -> str:
    return urlsplit(SERVER)._replace(path=f"/{DB_NAME}").geturl()


def _recreate_database() -> None:
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {DB_NAME}")


def _manage(*args: str) -> None:
    env = {**os.environ, "DATABASE_URL": _database_url(), "DJANGO_DEBUG": "true"}
    env.pop("CELERY_BROKER_URL", None)
    subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True)


def _setup_django() -> None:
    os.environ["DATABASE_URL"] = _database_url()
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "true")
    import django

    django.setup()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leagues", type=int, default=1000)
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--updates", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--keep", action="store_true", help="reuse the last run's volume")
    args = parser.parse_args()
    if not args.keep:
        _recreate_database()
        _manage("migrate", "--noinput", "-v0")
        _manage(
            "generate_load",
            f"--leagues={args.leagues}",
            f"--teams={args.teams}",
            "--seasons=1",
            f"--jobs={args.jobs}",
        )
    _setup_django()
    from matches.models import Result

    results = Result.objects.count()
    seconds, _cpu, written, messages = bench_rebuild(args.repeats, args.jobs)
    cpu, wall, queries = bench_updates(args.updates)
    rebuild = statistics.median(seconds)
    print(
        f"{time.strftime('%Y-%m-%d %H:%M %Z')}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"rebuild: {results} results, {written['teams']} team rows, {written['coaches']} coach "
        f"rows: median {rebuild:.1f} s over {args.repeats} ({args.jobs} processes; runs "
        f"{', '.join(f'{s:.1f}' for s in seconds)} s; {messages} messages to workers after "
        f"it) (target for 1,000 leagues: under 60 s)"
    )
    print(
        f"update: one result's task, median {statistics.median(cpu):.1f} ms CPU, "
        f"{statistics.median(wall):.1f} ms wall, {statistics.median(queries):.0f} queries "
        f"over {len(cpu)} results (target: under 20 ms CPU)"
    )


if __name__ == "__main__":
    main()
