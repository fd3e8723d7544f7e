"""Uncached anonymous reads, game by game, on generated leagues (a script, not a test).

    python tests/benchmarks/bench_uncached_reads.py [--leagues 4] [--teams 20] [--reads 15]
                                                    [--repeats 3] [--keep]

The load test's visitor (``loadtests/locustfile.py``, ``Visitor``) reads, for leagues chosen
among 1,000, a league page, the leagues list, a match page, a team page and four API reads.
With that many leagues nearly every read misses the page cache, so what a read costs rendered
is what matters. This builds ``--leagues`` leagues of ``--teams`` teams through
``manage.py generate_load`` (every game in turn, one season played and the next drawn), then,
for the first league of each game, reads what the visitor reads as the visitor finds it (the
league's first season in the API's order, the first page of its fixtures, its first team),
anonymously, through Django's test client (the whole middleware stack, no network), with the
page cache off (``PAGE_CACHE = False``: every request rendered). For each read it prints:

* ``web ms``: the median over the repeats of the median over ``--reads`` requests of this
  thread's CPU milliseconds per request (``time.thread_time``: what a web worker spends);
* the SQL queries of one request and the size of the answer.

It uses a throwaway database ``uncached_reads_bench`` on ``BENCH_DATABASE_URL`` (default the
local PostgreSQL; ``BENCH_DB_NAME`` for a name of your own), created afresh unless ``--keep``
finds it built already, and the Redis database of ``BENCH_REDIS_URL`` (default
``redis://127.0.0.1:6379/5``) for what the pages keep there besides the page cache.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks.django_setup import django_setup  # noqa: E402

SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
DB_NAME = os.environ.get("BENCH_DB_NAME", "uncached_reads_bench")
REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/5")


def _database(*, keep: bool) -> bool:
    """Create the throwaway database unless ``keep`` finds it; whether it must be filled."""
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as admin:
        found = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [DB_NAME]).fetchone()
        if keep and found:
            return False
        admin.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {DB_NAME}")
    return True


def _setup_django() -> None:
    django_setup(
        database_url=urlsplit(SERVER)._replace(path=f"/{DB_NAME}").geturl(), redis_url=REDIS
    )
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _reads(league) -> dict[str, str]:
    """What the visitor reads of ``league``, found as it finds it: through the API."""
    from django.test import Client

    client = Client(HTTP_HOST="localhost")
    season = client.get("/api/v1/seasons/", {"league": league.pk}).json()["results"][0]["id"]
    fixtures = client.get("/api/v1/fixtures/", {"season": season, "page": 1}).json()["results"]
    team = client.get("/api/v1/teams/", {"league": league.pk}).json()["results"][0]["id"]
    return {
        "league page": f"/leagues/{league.pk}/",
        "leagues list": "/leagues/",
        "match page": f"/matches/{fixtures[0]['id']}/",
        "team page": f"/leagues/teams/{team}/",
        "standings API": f"/api/v1/seasons/{season}/standings/",
        "fixtures API": f"/api/v1/fixtures/?season={season}&page=1",
        "teams API": f"/api/v1/teams/?league={league.pk}",
        "results API": f"/api/v1/results/?league={league.pk}",
    }


def _read(url: str, reads: int) -> tuple[float, int, int]:
    """The median CPU ms over ``reads`` requests, the queries of one, its size in bytes."""
    from django.db import connection
    from django.test import Client

    client = Client(HTTP_HOST="localhost")
    first = client.get(url)
    assert first.status_code == 200, (url, first.status_code)
    queries = []

    def counted(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counted):
        client.get(url)
    cpu = []
    for _ in range(reads):
        started = time.thread_time()
        client.get(url)
        cpu.append((time.thread_time() - started) * 1000)
    return statistics.median(cpu), len(queries), len(first.content)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leagues", type=int, default=4, help="leagues generated (4: one a game)")
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--reads", type=int, default=15)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--keep", action="store_true", help="reuse the database if built")
    args = parser.parse_args()
    fill = _database(keep=args.keep)
    _setup_django()
    from django.conf import settings
    from django.core.management import call_command

    from league.models import League
    from tests.benchmarks.machine import processor

    if fill:
        call_command("generate_load", leagues=args.leagues, teams=args.teams, stdout=io.StringIO())
    settings.PAGE_CACHE = False
    firsts: dict[str, League] = {}
    for league in League.objects.order_by("pk"):
        firsts.setdefault(league.rule_system, league)
    reads = {game: _reads(league) for game, league in sorted(firsts.items())}
    figures: dict[tuple[str, str], list[tuple[float, int, int]]] = {}
    for _repeat in range(args.repeats):
        for game, urls in reads.items():
            for name, url in urls.items():
                figures.setdefault((game, name), []).append(_read(url, args.reads))
    load = os.getloadavg()
    print(
        f"uncached reads: {args.teams} teams a league, {args.repeats} repeats of {args.reads}"
        f" reads; {processor()}, {os.cpu_count()} cores; load average {load[0]:.2f}"
    )
    print(f"  {'game':<10} {'read':<14} {'web ms':>7} {'queries':>7} {'bytes':>7}")
    for (game, name), rows in figures.items():
        web = statistics.median(row[0] for row in rows)
        print(f"  {game:<10} {name:<14} {web:7.2f} {rows[-1][1]:7} {rows[-1][2]:7}")


if __name__ == "__main__":
    main()
