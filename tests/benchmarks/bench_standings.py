"""Standings benchmark on PostgreSQL (a script, not a test).

    python tests/benchmarks/bench_standings.py [--repeats 5] [--reads 50] [--teams 20]

Builds a league of ``--teams`` teams (head-to-head among its tie-breakers), a double round
robin (380 fixtures for 20 teams) and a result for every fixture, written one by one as the
services write them (each through ``Result``'s signals). Then prints, as medians over the
repeats:

* ``write``: milliseconds to store one result and the queries of its transaction (the
  standings kept with it);
* ``api``: the SQL queries and the milliseconds of ``GET /api/v1/seasons/{id}/standings/``
  (Django's test client, no network), ``--reads`` requests per repeat;
* ``all_time``: the same for ``GET /api/v1/leagues/{id}/all-time/``;
* ``league_page``: the same for the league's page.

It uses a throwaway database ``league_standings_bench`` on ``BENCH_DATABASE_URL`` (default
the local PostgreSQL), created afresh each run, and runs tasks eagerly (no broker).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
DB_NAME = os.environ.get("BENCH_DB_NAME", "league_standings_bench")


def _database_url() -> str:
    return urlsplit(SERVER)._replace(path=f"/{DB_NAME}").geturl()


def _recreate_database() -> None:
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {DB_NAME}")


def _setup_django() -> None:
    os.environ["DATABASE_URL"] = _database_url()
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "true")  # development settings, whatever runs it
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _season(teams: int, seed: int):
    """A played double round robin: the season, its fixtures, the milliseconds per result and
    the queries of the last result's transaction."""
    from django.db import connection, reset_queries, transaction
    from django.test.utils import CaptureQueriesContext

    from matches.models import Fixture, Result
    from matches.services import fixtures_generate
    from rules_engine import Dice
    from tests.factories import LeagueFactory, SeasonFactory, TeamFactory

    league = LeagueFactory(
        name=f"Bench {time.monotonic_ns()}",
        tiebreakers=["points", "head_to_head", "goal_difference", "goals_for"],
    )
    for _ in range(teams):
        TeamFactory(league=league)
    season = SeasonFactory(league=league)
    fixtures = fixtures_generate(season=season)
    dice = Dice(seed, record=False)
    started = time.perf_counter()
    for index, fixture in enumerate(fixtures):
        home, away = dice.roll(5, "home score") - 1, dice.roll(5, "away score") - 1
        winner = "home" if home > away else "away" if away > home else "draw"
        reset_queries()
        with CaptureQueriesContext(connection) as queries, transaction.atomic():
            Result.objects.create(
                fixture=fixture,
                home_score=home,
                away_score=away,
                winner=winner,
                decided_by="regulation",
                seed=seed,
                record={},
            )
            Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)
        if index == len(fixtures) - 1:
            last_write = len(queries)
    per_result = (time.perf_counter() - started) * 1000 / len(fixtures)
    return season, len(fixtures), per_result, last_write


def _read(url: str, reads: int) -> tuple[int, float]:
    """Queries of one request and the median milliseconds over ``reads`` requests."""
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client(HTTP_HOST="localhost")
    reset_queries()  # DEBUG keeps at most 9,000 queries: a full log would count none
    with CaptureQueriesContext(connection) as queries:
        answer = client.get(url)
    assert answer.status_code == 200, (url, answer.status_code)
    times = []
    for _ in range(reads):
        started = time.perf_counter()
        client.get(url)
        times.append((time.perf_counter() - started) * 1000)
    return len(queries), statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--reads", type=int, default=50)
    parser.add_argument("--teams", type=int, default=20)
    args = parser.parse_args()
    _recreate_database()
    _setup_django()
    from django.urls import reverse

    figures: dict[str, list[float]] = {}
    queries: dict[str, int] = {}
    fixtures = 0
    for repeat in range(args.repeats):
        season, fixtures, per_result, queries["write"] = _season(args.teams, seed=1000 + repeat)
        figures.setdefault("write", []).append(per_result)
        for name, url in (
            ("api", f"/api/v1/seasons/{season.pk}/standings/"),
            ("all_time", f"/api/v1/leagues/{season.league_id}/all-time/"),
            ("league_page", reverse("league:detail", args=[season.league_id])),
        ):
            count, median = _read(url, args.reads)
            queries[name] = count
            figures.setdefault(name, []).append(median)
    print(f"standings: {args.teams} teams, {fixtures} fixtures played, {args.repeats} repeats")
    print(
        f"  write        {statistics.median(figures['write']):8.2f} ms per result,"
        f" {queries['write']} queries"
    )
    for name in ("api", "all_time", "league_page"):
        print(
            f"  {name:<12} {statistics.median(figures[name]):8.2f} ms per read,"
            f" {queries[name]} queries"
        )


if __name__ == "__main__":
    main()
