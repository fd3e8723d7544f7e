"""Betting benchmark on PostgreSQL (a script, not a test).

    python tests/benchmarks/bench_betting.py [--repeats 3] [--bets 2000] [--clients 8]
                                             [--settle 10000]

Prints medians over the repeats of

* ``place``: bets placed per second through the HTTP API: gunicorn as production runs it
  (``config/gunicorn.conf.py``: ``--workers`` processes of ``--threads`` threads, default 2
  of 4 as there; ``--threads 0``: ``--workers`` plain synchronous workers) on PostgreSQL,
  ``--clients`` concurrent clients with their own tokens and wallets, each posting bets one
  after the other (keep-alive); plus the SQL queries one bet costs (the
  same request through Django's test client). Target: >= 250 bets/s on this 2-core machine.
* ``settle`` (``--settle 0`` leaves it out): the time ``fixture_settle`` takes to pay
  ``--settle`` open bets on one fixture (a ledger transaction per bet, bulk written). Target: < 2 s for 10,000 bets.

It uses a throwaway database (``BENCH_DATABASE_NAME``, default ``league_bench``) on
``BENCH_DATABASE_URL`` (default the local PostgreSQL), created afresh each run, and runs tasks
eagerly (no broker). ``BENCH_PORT`` moves the server off port 8797.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
DB_NAME = os.environ.get("BENCH_DATABASE_NAME", "league_bench")
PORT = int(os.environ.get("BENCH_PORT", "8797"))
BROKER = os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/2")
PLACE_TARGET = 250.0
SETTLE_TARGET = 2.0


def _database_url() -> str:
    parts = urlsplit(SERVER)
    return parts._replace(path=f"/{DB_NAME}").geturl()


def _recreate_database() -> None:
    import psycopg
    from psycopg import sql

    name = sql.Identifier(DB_NAME)
    with psycopg.connect(SERVER, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(name))


def _setup_django() -> None:
    os.environ["DATABASE_URL"] = _database_url()
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "true")  # development settings, whatever runs it
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _market(clients: int, fixtures: int = 20):
    """A fixed-odds league, ``fixtures`` open fixtures with stored odds, and ``clients``
    punters with a wallet of a million coins and an API token each."""
    from django.utils import timezone
    from knox.models import AuthToken

    from betting import bets
    from betting.league_settings import settings_save
    from betting.models import FixtureOdds
    from tests.factories import (
        FixtureFactory,
        LeagueFactory,
        SeasonFactory,
        TeamFactory,
        UserFactory,
    )

    league = LeagueFactory(name=f"Bench {time.monotonic_ns()}")
    settings_save(
        league=league,
        values={"mode": "fixed", "starting_grant": 10**8, "max_stake": 1000, "min_stake": 1},
    )
    season = SeasonFactory(league=league)
    teams = [TeamFactory(league=league) for _ in range(2 * fixtures)]
    made = []
    for number in range(fixtures):
        fixture = FixtureFactory(
            season=season,
            round=1,
            home=teams[2 * number],
            away=teams[2 * number + 1],
            kickoff=timezone.now() + timedelta(days=2),
        )
        FixtureOdds.objects.create(
            fixture=fixture, method="bench", probabilities={"home": 0.45, "away": 0.55}
        )
        made.append(fixture)
    punters = []
    for _ in range(clients):
        user = UserFactory()
        bets.wallet_open(user=user, league=league)
        punters.append((user, AuthToken.objects.create(user)[1]))
    return league, made, punters


def _queries_per_bet(fixture, token: str) -> int:
    """The SQL statements of one bet through Django's test client, its token's lookup
    included."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    with CaptureQueriesContext(connection) as queries:
        answer = client.post(
            "/api/v1/bets/",
            {"fixture": fixture.pk, "outcome": "home", "stake": 5},
            format="json",
            HTTP_HOST="localhost",
        )
    assert answer.status_code == 201, answer.status_code
    return len(queries)


def _gunicorn(workers: int, threads: int) -> subprocess.Popen[bytes]:
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "DJANGO_DEBUG": "false",  # production settings, served over plain HTTP locally
        "DJANGO_SECRET_KEY": "bench-" + "k" * 60,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        # production requires a broker (placing a bet sends no task) and the site's address
        "CELERY_BROKER_URL": BROKER,
        "SITE_URL": f"http://127.0.0.1:{PORT}",
        # the write limit, counted in Redis for every worker, would answer the clients 429
        "API_WRITE_RATE": "1000000/minute",
        "LOG_LEVEL": "WARNING",
    }
    if threads:  # production's server: config/gunicorn.conf.py, its threaded workers
        env |= {"WEB_CONCURRENCY": str(workers), "WEB_THREADS": str(threads)}
        command = ["-c", "config/gunicorn.conf.py", "--access-logfile", "/dev/null"]
    else:  # gunicorn's plain synchronous workers, one request at a time each
        command = ["config.wsgi", "-w", str(workers)]
    process = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "gunicorn"),
            *command,
            "-b",
            f"127.0.0.1:{PORT}",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    deadline = time.monotonic() + 120  # two minutes: a busy machine forks and imports slowly
    while time.monotonic() < deadline:
        try:
            connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status in (200, 503):
                return process
        except OSError:
            time.sleep(0.3)
    process.kill()
    raise RuntimeError("gunicorn did not start")


def _stop(server: subprocess.Popen[bytes]) -> None:
    """Stop gunicorn: its workers finish their request (30 s at most), then it is killed."""
    server.terminate()
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait(10)


def _place_over_http(fixtures, punters, total: int) -> tuple[float, int]:
    """``total`` bets from ``len(punters)`` concurrent clients; (bets per second, errors)."""
    per_client = total // len(punters)
    errors = [0]
    lock = threading.Lock()
    barrier = threading.Barrier(len(punters) + 1)

    def client(index: int, token: str) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
        headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        barrier.wait()
        for number in range(per_client):
            fixture = fixtures[(index * 7 + number) % len(fixtures)]
            body = json.dumps({"fixture": fixture.pk, "outcome": "home", "stake": 10})
            connection.request("POST", "/api/v1/bets/", body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            if response.status != 201:
                with lock:
                    errors[0] += 1

    threads = [
        threading.Thread(target=client, args=(index, token))
        for index, (_user, token) in enumerate(punters)
    ]
    for thread in threads:
        thread.start()
    barrier.wait()
    start = time.perf_counter()
    for thread in threads:
        thread.join()
    elapsed = time.perf_counter() - start
    return per_client * len(punters) / elapsed, errors[0]


def _settle_once(count: int) -> float:
    """``count`` open bets on one fixture (placed in bulk through the ledger), then the
    seconds ``fixture_settle`` takes to pay them."""
    from django.db import transaction

    from betting import postings, reasons, receivers, settlement
    from betting.models import Bet
    from betting.postings import Link
    from ledger import services as ledger
    from ledger.models import Account
    from ledger.services import Leg, Posting
    from matches.models import Fixture, Result

    league, fixtures, _punters = _market(clients=50, fixtures=1)
    fixture = fixtures[0]
    wallets = list(Account.objects.filter(league=league, kind="wallet").order_by("pk"))
    escrow = ledger.escrow_of(fixture)
    with transaction.atomic():
        placed = Bet.objects.bulk_create(
            Bet(
                wallet=wallets[n % len(wallets)],
                user_id=wallets[n % len(wallets)].user_id,
                fixture=fixture,
                outcome=("home", "away")[n % 2],
                stake=10 + n % 7,
                price=("2.10", "1.72")[n % 2],
            )
            for n in range(count)
        )
        ledger.lock_accounts([escrow.pk, *(w.pk for w in wallets)])
        postings.post(
            league,
            [
                (
                    Posting(
                        reasons.STAKE,
                        [Leg(bet.wallet, -bet.stake), Leg(escrow, bet.stake)],
                        fixture.pk,
                    ),
                    Link(bet_id=bet.pk),
                )
                for bet in placed
            ],
        )
        Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)
        send, receivers.enqueue_on_commit = receivers.enqueue_on_commit, lambda *args: None
        try:  # the result's settlement is timed below, not run by the eager task at commit
            Result.objects.create(
                fixture=fixture,
                home_score=3,
                away_score=1,
                winner="home",
                decided_by="turns",
                seed=1,
                record={},
            )
        finally:
            receivers.enqueue_on_commit = send
    start = time.perf_counter()
    done = settlement.fixture_settle(fixture_id=fixture.pk)
    elapsed = time.perf_counter() - start
    assert done is not None and not Bet.objects.filter(fixture=fixture, status="open").exists()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--bets", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--settle", type=int, default=10_000)
    args = parser.parse_args()

    _recreate_database()
    _setup_django()
    from ledger.audit import ledger_audit

    rates, failures = [], 0
    server = _gunicorn(args.workers, args.threads)
    try:
        for _ in range(args.repeats):
            _league, fixtures, punters = _market(args.clients)
            rate, errors = _place_over_http(fixtures, punters, args.bets)
            rates.append(rate)
            failures += errors
        queries = _queries_per_bet(fixtures[0], punters[0][1])
    finally:
        _stop(server)
    place = statistics.median(rates)
    print(
        f"place   {place:8.0f} bets/s through HTTP ({args.clients} clients, gunicorn "
        f"-w {args.workers} --threads {args.threads}, PostgreSQL; median of {args.repeats} x {args.bets}: "
        f"{', '.join(f'{r:.0f}' for r in rates)}; "
        f"{queries} queries per bet, token included; {failures} errors)  "
        f"target >= {PLACE_TARGET:.0f}  "
        f"{'OK' if place >= PLACE_TARGET and not failures else 'MISSED'}",
        flush=True,
    )
    if args.settle:
        settles = [_settle_once(args.settle) for _ in range(args.repeats)]
        settle = statistics.median(settles)
        print(
            f"settle  {settle:8.3f} s for {args.settle} bets on one fixture "
            f"(median of {args.repeats})  target < {SETTLE_TARGET}  "
            f"{'OK' if settle < SETTLE_TARGET else 'MISSED'}",
            flush=True,
        )
    audit = ledger_audit()
    print(f"ledger_audit ok: {audit['ok']} ({audit['transactions']} transactions)")


if __name__ == "__main__":
    main()
