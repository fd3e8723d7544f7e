"""Odds from ratings benchmark on PostgreSQL (a script, not a test).

    python tests/benchmarks/bench_rated_odds.py [--repeats 200] [--teams 20] [--rounds 30]

Builds a Killpower league (played at the table) of ``--teams`` teams with a rating row per
team and round for ``--rounds`` rounds, its fitted draw model, and a fixture of the next
round. Then prints the median milliseconds and the SQL queries of

* ``chances``: ``ratings.chances.fixture_chances`` for that fixture (ratings entering its
  round, the draw fit, the three outcomes);
* ``odds_refresh``: ``betting.odds.odds_refresh``, what the worker runs to price it (the
  chances, then the stored ``FixtureOdds`` row written).

The fixture is read as ``betting.tasks.odds_refresh_task`` reads it (its league and teams
with it). Target: < 5 ms each. Beside them, ``round trip``: the median of the simplest query
(``SELECT 1`` through the ORM), and the date, processor, cores and load average, so that a
figure taken on a busy machine is read as such. It uses a throwaway database ``league_rated_odds_bench`` on
``BENCH_DATABASE_URL`` (default the local PostgreSQL), created afresh each run, and runs tasks
eagerly (no broker).
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

from tests.benchmarks.machine import processor  # noqa: E402

SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
DB_NAME = os.environ.get("BENCH_DB_NAME", "league_rated_odds_bench")
TARGET_MS = 5.0


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


def _league(teams: int, rounds: int):
    """The league's fixture to price: round ``rounds + 1``, the first two teams."""
    import random

    from django.contrib.auth import get_user_model

    from league.services import league_create
    from ratings.draw_fits import draw_fit_refresh
    from ratings.models import TeamRating
    from tests.factories import FixtureFactory, TeamFactory

    commissioner = get_user_model().objects.create_user("bench_commissioner")
    league = league_create(commissioner=commissioner, name="Bench arena", rule_system="killpower")
    season = league.seasons.get()
    sides = [TeamFactory(league=league) for _ in range(teams)]
    draw = random.Random(7)
    TeamRating.objects.bulk_create(
        TeamRating(
            team=team,
            season=season,
            round=round_,
            rating=draw.gauss(1500, 150),
            rd=max(40.0, 350 - 10 * round_),
            volatility=0.06,
            tau=0.5,
            games=round_,
        )
        for team in sides
        for round_ in range(1, rounds + 1)
    )
    draw_fit_refresh(league=league)
    return FixtureFactory(season=season, round=rounds + 1, home=sides[0], away=sides[1])


def _timed(run, repeats: int) -> tuple[float, int]:
    """The median milliseconds of ``run()`` over ``repeats`` calls and the queries of one."""
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    reset_queries()
    with CaptureQueriesContext(connection) as queries:
        run()
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        run()
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times), len(queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    _recreate_database()
    _setup_django()
    from betting.odds import odds_refresh
    from matches.models import Fixture
    from ratings.chances import fixture_chances

    built = _league(args.teams, args.rounds)

    def loaded() -> Fixture:
        return (
            Fixture.objects.select_related("season__league", "home", "away")
            .filter(pk=built.pk)
            .get()
        )

    fixture = loaded()
    print(
        f"{time.strftime('%Y-%m-%d %H:%M %Z')}, {processor()}, {os.cpu_count()} cores,"
        f" load average {os.getloadavg()[0]:.1f}"
    )
    print(
        f"rated odds: Killpower, {args.teams} teams rated over {args.rounds} rounds,"
        f" {args.repeats} repeats (target < {TARGET_MS:.0f} ms)"
    )
    for name, run in (
        ("round trip", lambda: Fixture.objects.filter(pk=built.pk).exists()),
        ("chances", lambda: fixture_chances(fixture)),
        ("odds_refresh", lambda: odds_refresh(fixture=fixture)),
    ):
        median, queries = _timed(run, args.repeats)
        verdict = "" if name == "round trip" else "ok" if median < TARGET_MS else "SLOW"
        print(f"  {name:<13} {median:8.3f} ms median, {queries} queries  {verdict}")


if __name__ == "__main__":
    main()
