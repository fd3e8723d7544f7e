"""Swiss tournament benchmark on PostgreSQL (a script, not a test).

    python tests/benchmarks/bench_tournament.py [--teams 64 256] [--rounds 5] [--repeats 5]

For each size, builds a league of ``--teams`` teams and a Swiss tournament of them, then plays
``--rounds`` rounds through the services (``round_pair``, ``round_publish``: one fixture per
table through ``matches.services.fixture_schedule``; a result per fixture stored as a game's
service stores it, the winner drawn by the engine's dice). Then prints medians over
``--repeats`` of: pairing the next round (``round_pair``, the draft thrown away each time),
publishing a round, and reading the standings (``GET /api/v1/tournaments/{id}/standings/``)
and the tournament's page; each with wall and CPU milliseconds (this process's CPU: the
database server's is not counted) and its SQL queries. The load average is printed first.

It uses a throwaway database ``league_tournament_bench`` on ``BENCH_DATABASE_URL`` (default
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
DB_NAME = os.environ.get("BENCH_DB_NAME", "league_tournament_bench")


def _setup_django() -> None:
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {DB_NAME}")
    os.environ["DATABASE_URL"] = urlsplit(SERVER)._replace(path=f"/{DB_NAME}").geturl()
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "true")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _timed(action):
    """``(wall ms, cpu ms, queries, value)`` of one call."""
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    reset_queries()  # the query log keeps 9,000: a full one would count nothing
    with CaptureQueriesContext(connection) as queries:
        wall, cpu = time.perf_counter(), time.process_time()
        value = action()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    return wall * 1000, cpu * 1000, len(queries.captured_queries), value


def _play(round_, dice) -> None:
    from tests.factories import ResultFactory

    for pairing in round_.pairings.select_related("fixture").exclude(fixture=None):
        roll = dice.d6("game result")
        home, away = (1, 0) if roll <= 3 else (1, 1) if roll == 4 else (0, 1)
        ResultFactory(fixture=pairing.fixture, home_score=home, away_score=away)


def _tournament(teams: int, rounds: int, seed: int):
    from rules_engine import Dice
    from tests.factories import LeagueFactory, SeasonFactory, TeamFactory
    from tournaments import services

    league = LeagueFactory(name=f"Bench {time.monotonic_ns()}")
    entrants = [TeamFactory(league=league, coach=None) for _ in range(teams)]
    season = SeasonFactory(league=league)
    tournament = services.tournament_create(
        season=season, name="Bench Swiss", teams=entrants, rounds=rounds + 2
    )
    dice = Dice(seed)
    publish = []
    for _ in range(rounds):
        draft = services.round_pair(tournament=tournament)
        publish.append(_timed(lambda draft=draft: services.round_publish(round_=draft))[:3])
        _play(draft, dice)
    return tournament, publish


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, nargs="+", default=[64, 256])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    _setup_django()
    from django.test import Client
    from django.urls import reverse

    from tournaments import services

    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    client = Client(HTTP_HOST="localhost")
    for teams in args.teams:
        tournament, publish = _tournament(teams, args.rounds, args.seed)
        api_url = f"/api/v1/tournaments/{tournament.pk}/standings/"
        url = reverse("league:tournament", args=[tournament.season.league_id, tournament.pk])
        pairs, api, page = [], [], []
        for _ in range(args.repeats):
            pairs.append(_timed(lambda t=tournament: services.round_pair(tournament=t))[:3])
            api.append(_timed(lambda u=api_url: client.get(u))[:3])
            page.append(_timed(lambda u=url: client.get(u))[:3])
        print(f"{teams} teams, {args.rounds} rounds played, {args.repeats} repeats (medians):")
        for name, runs in (
            ("pair next round", pairs),
            ("publish a round", publish),
            ("standings API", api),
            ("tournament page", page),
        ):
            wall = statistics.median(r[0] for r in runs)
            cpu = statistics.median(r[1] for r in runs)
            queries = statistics.median(r[2] for r in runs)
            print(f"  {name:16} wall {wall:8.1f} ms  cpu {cpu:8.1f} ms  queries {queries:6.0f}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
