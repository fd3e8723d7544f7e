"""Ratings at the 1,000-league volume, synthesised in PostgreSQL (a script, not a test).

    python tests/benchmarks/bench_ratings_volume.py [--leagues 1000] [--teams 20]
        [--coaches 4000] [--repeats 3] [--jobs 2] [--updates 20] [--keep]

``generate_load`` plays every match through the services: far too slow for 1,000 leagues. This
writes the same shape directly: ``--leagues`` leagues spread over the four league games (each
a season of ``--teams`` teams, a double round robin played, one round a week from a start
that differs by league, so the coaches' weeks overlap), a coach for nine teams in ten drawn
from ``--coaches`` (so coaches span leagues and games), results as real ones are (scores 0-4,
the winner by the score, a draw where the game has draws and a tie-break winner where it has
none, decided in regulation), and the next season's first round scheduled. Leagues, seasons,
teams and users go through ``bulk_create``; the fixtures and results through COPY.

Then it prints, with the date, processor, cores and load average:

* ``rebuild``: ``ratings_rebuild(jobs=--jobs)`` to its commit, ``--repeats`` times: wall
  seconds and CPU seconds (this process and its forked workers; PostgreSQL's own time is in
  the wall time only), median. Target (issue 26): under 60 s for 1,000 leagues.
* ``update``: one result's worker task (``results_rate_task``) for a result of the next
  season's first round in ``--updates`` leagues: CPU and wall milliseconds and queries,
  median. Target (issue 26): under 20 ms of CPU.

It uses its own database ``league_ratings_volume`` on ``BENCH_DATABASE_URL`` (default the local
PostgreSQL; ``BENCH_DB_NAME`` to rename it), created afresh unless ``--keep``.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.benchmarks.machine import processor  # noqa: E402

SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
DB_NAME = os.environ.get("BENCH_DB_NAME", "league_ratings_volume")
GAMES = ("rotzball", "killpower", "mythril", "tutatis")
DRAWLESS = {"rotzball"}
FIRST_MONDAY = datetime(2025, 9, 1, 18, tzinfo=UTC)
REBUILD_TARGET, UPDATE_TARGET = 60.0, 20.0


def _database_url() -> str:
    return urlsplit(SERVER)._replace(path=f"/{DB_NAME}").geturl()


def _recreate_database() -> None:
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {DB_NAME}")
    env = {**os.environ, "DATABASE_URL": _database_url(), "DJANGO_DEBUG": "true"}
    env.pop("CELERY_BROKER_URL", None)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True
    )


def _setup_django() -> None:
    os.environ["DATABASE_URL"] = _database_url()
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "true")
    import django

    django.setup()


def double_round_robin(teams: list[int]) -> list[tuple[int, int, int]]:
    """(round, home, away): the circle method, the second half with the grounds swapped."""
    sides, first = list(teams), []
    count = len(sides)
    for number in range(1, count):
        for i in range(count // 2):
            pair = (sides[i], sides[-1 - i]) if number % 2 else (sides[-1 - i], sides[i])
            first.append((number, *pair))
        sides = [sides[0], sides[-1], *sides[1:-1]]
    return first + [(number + count - 1, away, home) for number, home, away in first]


def _copy(model, columns: list[str], rows) -> int:
    """``rows`` (tuples in the order of ``columns``) written by COPY, every other column of
    ``model`` given its field's default."""
    from django.db import connection

    fields = {f.column: f for f in model._meta.concrete_fields}
    rest = [c for c, f in fields.items() if c not in columns and not f.primary_key and not f.null]
    defaults = tuple(fields[c].get_db_prep_save(fields[c].get_default(), connection) for c in rest)
    names = ", ".join(columns + rest)
    count = 0
    with connection.cursor() as cursor:
        raw = cursor.cursor
        with raw.copy(f"COPY {model._meta.db_table} ({names}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row + defaults)
                count += 1
        cursor.execute(
            f"SELECT setval(pg_get_serial_sequence('{model._meta.db_table}', 'id'),"
            f" (SELECT max(id) FROM {model._meta.db_table}))"
        )
    return count


def synthesise(*, leagues: int, teams: int, coaches: int, seed: int = 1) -> dict[str, int]:
    """The volume, written in one transaction. Returns the counts written."""
    from django.contrib.auth import get_user_model
    from django.db import transaction

    from league.models import League, Season, Team
    from matches.models import Fixture, Result

    draw = random.Random(seed)
    now = datetime.now(UTC)
    User = get_user_model()
    with transaction.atomic():
        users = User.objects.bulk_create(
            [User(username=f"volume-{i}", email=f"volume-{i}@example.org") for i in range(coaches)]
        )
        made = League.objects.bulk_create(
            [
                League(
                    name=f"Volume {i}",
                    commissioner=users[i % len(users)],
                    rule_system=GAMES[i % len(GAMES)],
                    created_at=now,
                )
                for i in range(leagues)
            ]
        )
        seasons = Season.objects.bulk_create(
            [Season(league=league, name="1", created_at=now) for league in made]
            + [Season(league=league, name="2", created_at=now) for league in made]
        )
        team_rows = Team.objects.bulk_create(
            [
                Team(
                    league=league,
                    name=f"Team {league.pk}-{t}",
                    coach=draw.choice(users) if draw.random() < 0.9 else None,
                    created_at=now,
                )
                for league in made
                for t in range(teams)
            ]
        )
        by_league: dict[int, list[int]] = {}
        for team in team_rows:
            by_league.setdefault(team.league_id, []).append(team.pk)
        fixtures, results = [], []
        fixture_id = 0
        for index, league in enumerate(made):
            played, ahead = seasons[index], seasons[leagues + index]
            start = FIRST_MONDAY + timedelta(weeks=index % 26, hours=index % 5)
            order = list(by_league[league.pk])
            draw.shuffle(order)
            for round_, home, away in double_round_robin(order):
                fixture_id += 1
                kickoff = start + timedelta(weeks=round_ - 1)
                fixtures.append((fixture_id, played.pk, round_, home, away, kickoff, "", "played"))
                h, a = draw.choices(range(5), weights=(25, 30, 22, 14, 9), k=2)
                winner = "home" if h > a else "away" if a > h else "draw"
                if winner == "draw" and league.rule_system in DRAWLESS:
                    winner = draw.choice(("home", "away"))
                    h, a = (h + 1, a) if winner == "home" else (h, a + 1)
                results.append((fixture_id, h, a, winner, "regulation", 0, "{}", now))
            # the next season after every league's last round: results come in time order, so
            # a new result's week is the newest (a week earlier would re-rate the later ones)
            later = FIRST_MONDAY + timedelta(weeks=26 + 2 * teams, hours=index % 5)
            for round_, home, away in double_round_robin(order)[: teams // 2]:
                fixture_id += 1
                fixtures.append((fixture_id, ahead.pk, round_, home, away, later, "", "scheduled"))
        columns = ["id", "season_id", "round", "home_id", "away_id", "kickoff", "problem", "status"]
        _copy(Fixture, columns, fixtures)
        result_columns = [
            "fixture_id",
            "home_score",
            "away_score",
            "winner",
            "decided_by",
            "seed",
            "record",
            "created_at",
        ]
        _copy(Result, result_columns, results)
    return {"leagues": leagues, "teams": len(team_rows), "results": len(results)}


def _cpu() -> float:
    """CPU seconds of this process and of its children waited for (the rebuild's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def bench_rebuild(repeats: int, jobs: int) -> tuple[list[float], list[float], dict[str, int], int]:
    """The rebuild timed to its commit: wall and CPU seconds of each run, the rows written and
    the messages it sends then per run (each league's prices and draw fit,
    ``team_ratings_changed``), recorded as a broker would take them, not run here (workers run
    them; without a broker they would run eagerly inside the timing)."""
    from unittest import mock

    from celery.app.task import Task

    from ratings.services import ratings_rebuild

    wall, cpu, written, sent = [], [], {}, []
    with mock.patch.object(Task, "delay", lambda task, *args: sent.append((task.name, args))):
        for _ in range(repeats):
            started, started_cpu = time.perf_counter(), _cpu()
            written = ratings_rebuild(jobs=jobs)
            wall.append(time.perf_counter() - started)
            cpu.append(_cpu() - started_cpu)
    return wall, cpu, written, len(sent) // max(repeats, 1)


def bench_updates(count: int) -> tuple[list[float], list[float], list[int]]:
    """A result of the next season's first round stored (without its signals) in ``count``
    leagues, each followed by its worker task, timed: CPU ms, wall ms, queries."""
    from unittest import mock

    from celery.app.task import Task
    from django.db import connection, transaction
    from django.test.utils import CaptureQueriesContext

    from matches.models import Fixture, Result
    from ratings.tasks import results_rate_task

    cpu, wall, queries = [], [], []
    seen: set[int] = set()
    ahead = Fixture.objects.filter(status=Fixture.Status.SCHEDULED, round=1).select_related(
        "season"
    )
    for fixture in ahead.order_by("pk").iterator():
        if fixture.season.league_id in seen:
            continue
        seen.add(fixture.season.league_id)
        with transaction.atomic():
            Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)
            Result.objects.bulk_create(
                [
                    Result(
                        fixture=fixture,
                        home_score=2,
                        away_score=1,
                        winner="home",
                        decided_by="regulation",
                        seed=0,
                        record={},
                    )
                ]
            )
        # the messages the task sends at its commit (its league's prices) recorded, not run:
        # other workers' work, which an eager run would count in this one's
        with (
            mock.patch.object(Task, "delay", lambda task, *args: None),
            CaptureQueriesContext(connection) as captured,
        ):
            started_cpu, started = time.process_time(), time.perf_counter()
            results_rate_task.apply(args=([fixture.pk],), throw=True)
            cpu.append(1000 * (time.process_time() - started_cpu))
            wall.append(1000 * (time.perf_counter() - started))
        queries.append(len(captured))
        if len(cpu) == count:
            break
    return cpu, wall, queries


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--leagues", type=int, default=1000)
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--coaches", type=int, default=4000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--updates", type=int, default=20)
    parser.add_argument("--keep", action="store_true", help="reuse the last run's volume")
    args = parser.parse_args()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{time.strftime('%Y-%m-%d %H:%M %Z')} · {processor()} · {os.cpu_count()} cores")
    if not args.keep:
        _recreate_database()
    _setup_django()
    if not args.keep:
        started, started_cpu = time.perf_counter(), _cpu()
        counts = synthesise(leagues=args.leagues, teams=args.teams, coaches=args.coaches)
        print(
            f"synthesised {counts['leagues']} leagues, {counts['teams']} teams, "
            f"{counts['results']} results in {time.perf_counter() - started:.1f} s "
            f"({_cpu() - started_cpu:.1f} s CPU)"
        )
    print(f"load average before: {load}")
    if args.repeats:
        wall, cpu, written, _messages = bench_rebuild(args.repeats, args.jobs)
        print(
            f"rebuild ({args.jobs} processes): {written['teams']} team rows, "
            f"{written['coaches']} coach rows: median {statistics.median(wall):.1f} s wall, "
            f"{statistics.median(cpu):.1f} s CPU over {args.repeats} "
            f"(runs {', '.join(f'{s:.1f}' for s in wall)} s) (target < {REBUILD_TARGET:.0f} s)"
        )
    if args.updates:
        cpu_ms, wall_ms, queries = bench_updates(args.updates)
        print(
            f"update: one result's task, median {statistics.median(cpu_ms):.1f} ms CPU, "
            f"{statistics.median(wall_ms):.1f} ms wall, {statistics.median(queries):.0f} "
            f"queries over {len(cpu_ms)} results (target < {UPDATE_TARGET:.0f} ms CPU)"
        )
    print("load average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
