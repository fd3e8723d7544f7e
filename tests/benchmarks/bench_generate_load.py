"""``generate_load`` benchmark on PostgreSQL (a script, not a test).

    python tests/benchmarks/bench_generate_load.py [--repeats 3] [--leagues 20] [--teams 20]
                                                   [--jobs 2]

Prints the median over the repeats of the seconds ``manage.py generate_load --leagues N
--teams T --seasons 1`` takes on a fresh database (every game in turn, ``--jobs`` processes),
the leagues built per second, and what that makes for 1,000 leagues (the load test's volume:
``make load`` builds 1,000 leagues of 20 teams). Target: 1,000 leagues in minutes, not hours.

It uses a throwaway database ``league_load_bench`` on ``BENCH_DATABASE_URL`` (default the local
PostgreSQL), created afresh for each repeat.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
DB_NAME = os.environ.get("BENCH_DB_NAME", "league_load_bench")
"""The throwaway database (``BENCH_DB_NAME``: a name of your own when others share the server)."""


def _database_url() -> str:
    return urlsplit(SERVER)._replace(path=f"/{DB_NAME}").geturl()


def _recreate_database() -> None:
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {DB_NAME}")


def _manage(*args: str) -> str:
    env = {**os.environ, "DATABASE_URL": _database_url()}
    env.pop("CELERY_BROKER_URL", None)
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--leagues", type=int, default=20)
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    seconds = []
    for _repeat in range(args.repeats):
        _recreate_database()
        _manage("migrate", "--noinput", "-v0")
        started = time.monotonic()
        out = _manage(
            "generate_load",
            f"--leagues={args.leagues}",
            f"--teams={args.teams}",
            "--seasons=1",
            f"--jobs={args.jobs}",
        )
        seconds.append(time.monotonic() - started)
        size = re.search(r"database size (.+)", out)
    median = statistics.median(seconds)
    print(
        f"generate_load {args.leagues} leagues x {args.teams} teams, 1 season, "
        f"{args.jobs} jobs: median {median:.1f} s over {args.repeats} "
        f"({args.leagues / median:.2f} leagues/s; 1,000 leagues ~ {1000 * median / args.leagues / 60:.1f} min)"
        + (f"; database {size.group(1)}" if size else "")
    )


if __name__ == "__main__":
    main()
