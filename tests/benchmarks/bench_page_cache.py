"""Page cache benchmark on PostgreSQL and Redis (a script, not a test).

    python tests/benchmarks/bench_page_cache.py [--repeats 5] [--reads 40] [--teams 20]

Builds a Rotzball league of ``--teams`` teams with full line-ups and a played double round
robin, then reads anonymously, through Django's test client (the whole middleware stack, no
network), the league page, a team page, a fixture's API read and the leagues list, first with
the page cache off (``PAGE_CACHE = False``: every request rendered) and then on (served from
Redis after one warming read). It reads the league and team pages again signed in as a user
with no role in the league (``signed in``: the kept page with the reader's own header, or
the page rendered for them). For each it prints, as medians over the repeats of the median
over ``--reads`` requests:

* ``web``: CPU milliseconds per request of this process (``time.process_time``: what a web
  worker spends);
* ``db``: CPU milliseconds per request of its PostgreSQL backend (``/proc/<pid>/stat`` of
  ``pg_backend_pid()``, so PostgreSQL must run on this machine);
* ``wall``: milliseconds per request;
* the SQL queries of one request, and the ratio uncached / cached of web + db CPU.

It uses a throwaway database ``cache_page_bench`` on ``BENCH_DATABASE_URL`` (default the local
PostgreSQL), created afresh each run, and the Redis database of ``BENCH_REDIS_URL`` (default
``redis://127.0.0.1:6379/5``; entries are keyed by fresh league versions, nothing is flushed).
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

from tests.benchmarks.django_setup import django_setup  # noqa: E402

SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
DB_NAME = os.environ.get("BENCH_DB_NAME", "cache_page_bench")
REDIS = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/5")
TICKS = os.sysconf("SC_CLK_TCK")


def _recreate_database() -> None:
    import psycopg

    with psycopg.connect(SERVER, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)")
        admin.execute(f"CREATE DATABASE {DB_NAME}")


def _setup_django() -> None:
    settings = django_setup(
        database_url=urlsplit(SERVER)._replace(path=f"/{DB_NAME}").geturl(), redis_url=REDIS
    )
    from django.core.management import call_command

    assert "Redis" in settings.CACHES["default"]["BACKEND"], "the benchmark needs Redis"
    # building the league: the follow-up of each result (forecast, ratings, odds) is not read
    settings.EAGER_TASKS_SKIPPED = frozenset(_tasks())
    call_command("migrate", verbosity=0)


def _tasks() -> list[str]:
    from celery import current_app

    return [name for name in current_app.tasks if not name.startswith("celery.")]


def _league(teams: int, seed: int):
    """A played double round robin of ``teams`` Rotzball teams with full line-ups."""
    from django.db import transaction

    from matches.models import Fixture, Result
    from matches.services import fixtures_generate
    from rules_engine import Dice
    from tests.factories import LeagueFactory, SeasonFactory, TeamFactory, full_lineup

    league = LeagueFactory(name=f"Bench {time.monotonic_ns()}", rule_system="rotzball")
    for _ in range(teams):
        full_lineup(TeamFactory(league=league), reserves=2)
    season = SeasonFactory(league=league)
    fixtures = fixtures_generate(season=season)
    dice = Dice(seed, record=False)
    for fixture in fixtures[: len(fixtures) * 3 // 4]:  # three quarters played
        home, away = dice.roll(5, "home score") - 1, dice.roll(5, "away score") - 1
        with transaction.atomic():
            Result.objects.create(
                fixture=fixture,
                home_score=home,
                away_score=away,
                winner="home" if home > away else "away" if away > home else "draw",
                decided_by="regulation",
                seed=seed,
                record={},
            )
            Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)
    return league, season, fixtures[0]


def _more_leagues(count: int) -> None:
    from tests.factories import LeagueFactory, TeamFactory

    for number in range(count):
        league = LeagueFactory(name=f"League {number:03}", rule_system="rotzball")
        TeamFactory.create_batch(4, league=league)


def _backend_cpu(pid: int) -> float:
    """CPU seconds the PostgreSQL backend ``pid`` has used (user + system)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def _read(url: str, reads: int, user=None) -> dict[str, float]:
    """Queries of one request, and the median CPU (web, db) and wall ms over ``reads``, read
    anonymously or, given a ``user``, signed in as that user."""
    from django.db import connection
    from django.test import Client

    Client(HTTP_HOST="localhost").get(url)  # a visitor's read fills the cache when it is on
    client = Client(HTTP_HOST="localhost")
    if user is not None:
        client.force_login(user)
    warm = client.get(url)
    queries = []

    def counted(execute, sql, params, many, context):
        queries.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(counted):
        answer = client.get(url)
    assert warm.status_code == answer.status_code == 200, (url, answer.status_code)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = cursor.fetchone()[0]
    web, db, wall = [], [], []
    # in batches of 10: the backend's CPU is counted in clock ticks (10 ms)
    for _ in range(max(1, reads // 10)):
        cpu, pg, started = time.process_time(), _backend_cpu(backend), time.perf_counter()
        for _ in range(10):
            client.get(url)
        web.append((time.process_time() - cpu) * 100)
        db.append((_backend_cpu(backend) - pg) * 100)
        wall.append((time.perf_counter() - started) * 100)
    return {
        "queries": len(queries),
        "web": statistics.median(web),
        "db": statistics.median(db),
        "wall": statistics.median(wall),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--reads", type=int, default=40)
    parser.add_argument("--teams", type=int, default=20)
    args = parser.parse_args()
    _recreate_database()
    _setup_django()
    from django.conf import settings
    from django.urls import reverse

    from tests.factories import UserFactory

    league, season, fixture = _league(args.teams, seed=1000)
    reader = UserFactory(username=f"reader-{time.monotonic_ns()}")
    team = season.league.teams.order_by("pk").first()
    _more_leagues(60)  # a full first page of the leagues list
    pages = {
        "league page": reverse("league:detail", args=[league.pk]),
        "team page": reverse("league:team", args=[team.pk]),
        "fixture API": f"/api/v1/fixtures/{fixture.pk}/",
        "standings API": f"/api/v1/seasons/{season.pk}/standings/",
        "leagues list": reverse("league:list"),
    }
    signed_in = {"league page": "league signed in", "team page": "team signed in"}
    figures: dict[tuple[str, bool], list[dict[str, float]]] = {}
    for _repeat in range(args.repeats):
        for cached in (False, True):
            settings.PAGE_CACHE = cached
            for name, url in pages.items():
                figures.setdefault((name, cached), []).append(_read(url, args.reads))
            for name, label in signed_in.items():
                row = _read(pages[name], args.reads, user=reader)
                figures.setdefault((label, cached), []).append(row)
    load = os.getloadavg()
    print(
        f"page cache: {args.teams} teams, {args.repeats} repeats of {args.reads} reads;"
        f" load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
    )
    print(f"  {'':16} {'':8} {'web ms':>7} {'db ms':>7} {'wall ms':>8} {'queries':>7}")
    for name in [*pages, *signed_in.values()]:
        totals = {}
        for cached in (False, True):
            rows = figures[(name, cached)]
            median = {k: statistics.median(row[k] for row in rows) for k in rows[0]}
            totals[cached] = median["web"] + median["db"]
            label = "cached" if cached else "uncached"
            print(
                f"  {name:<16} {label:<8} {median['web']:7.2f} {median['db']:7.2f}"
                f" {median['wall']:8.2f} {median['queries']:7.0f}"
            )
        ratio = totals[False] / totals[True] if totals[True] else float("inf")
        print(f"  {name:<16} {'':8} uncached / cached CPU: {ratio:.1f} x")


if __name__ == "__main__":
    main()
