"""Champion market benchmark on PostgreSQL (a script, not a test).

    python tests/benchmarks/bench_futures.py [--repeats 3] [--bets 500] [--settle 10000]

Prints medians over the repeats, wall and CPU time of this process (the database's own CPU is
not in it), with the load average:

* ``place``: one champion bet through the service (``futures.champion_bet_place``: the season
  row locked, the market's chances read, the wallet and the season's account locked, the stake
  posted), ``--bets`` one after the other from 5 wallets.
* ``settle``: the time ``season_settle`` takes to pay ``--settle`` open champion bets of a
  finished season (one ledger transaction, the bets closed in bulk). Target: < 2 s for 10,000
  bets, as the fixture settlement's.

A throwaway database (``BENCH_DATABASE_NAME``, default ``league_bench_futures``) on
``BENCH_DATABASE_URL`` (default the local PostgreSQL), created afresh each run; tasks run
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

SERVER = os.environ.get("BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
DB_NAME = os.environ.get("BENCH_DATABASE_NAME", "league_bench_futures")
SETTLE_TARGET = 2.0


def _recreate_database() -> None:
    import psycopg
    from psycopg import sql

    name = sql.Identifier(DB_NAME)
    with psycopg.connect(SERVER, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(name))


def _setup_django() -> None:
    os.environ["DATABASE_URL"] = urlsplit(SERVER)._replace(path=f"/{DB_NAME}").geturl()
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "true")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _market(wallets: int = 5):
    """A fixed-odds league, a season of eight teams with stored title chances, and ``wallets``
    punters with a wallet each."""
    from betting import bets
    from betting.futures import season_odds_refresh
    from betting.league_settings import settings_save
    from tests.factories import LeagueFactory, SeasonFactory, TeamFactory, UserFactory

    league = LeagueFactory(name=f"Futures bench {time.monotonic_ns()}")
    settings_save(
        league=league,
        values={"mode": "fixed", "starting_grant": 10**8, "max_stake": 1000, "min_stake": 1},
    )
    season = SeasonFactory(league=league)
    teams = [TeamFactory(league=league) for _ in range(8)]
    season_odds_refresh(
        season_id=season.pk,
        generation=1,
        teams=[
            {"team": team.pk, "title": 1 / len(teams), "eliminated_title": False} for team in teams
        ],
    )
    users = [UserFactory() for _ in range(wallets)]
    for user in users:
        bets.wallet_open(user=user, league=league)
    return league, season, teams, users


def _place(count: int) -> tuple[float, float]:
    """Seconds of wall and CPU per champion bet, ``count`` placed one after the other."""
    from betting import futures

    _league, season, teams, users = _market()
    wall, cpu = time.perf_counter(), time.process_time()
    for n in range(count):
        futures.champion_bet_place(
            user=users[n % len(users)],
            season_id=season.pk,
            outcome=str(teams[n % len(teams)].pk),
            stake=10,
        )
    return (time.perf_counter() - wall) / count, (time.process_time() - cpu) / count


def _settle_once(count: int) -> tuple[float, float]:
    """``count`` open champion bets (placed in bulk through the ledger), the season finished,
    then the wall and CPU seconds ``season_settle`` takes to pay them."""
    from django.db import transaction
    from django.utils import timezone

    from betting import futures, postings, reasons
    from betting.models import Bet, Market
    from betting.postings import Link
    from league.models import Season
    from ledger import services as ledger
    from ledger.models import Account
    from ledger.services import Leg, Posting

    league, season, teams, _users = _market()
    wallets = list(Account.objects.filter(league=league, kind="wallet").order_by("pk"))
    escrow = ledger.season_escrow_of(season)
    with transaction.atomic():
        placed = Bet.objects.bulk_create(
            Bet(
                wallet=wallets[n % len(wallets)],
                user_id=wallets[n % len(wallets)].user_id,
                market=Market.CHAMPION,
                season=season,
                team=teams[n % len(teams)],
                outcome=str(teams[n % len(teams)].pk),
                stake=10 + n % 7,
                price="7.61",
            )
            for n in range(count)
        )
        ledger.lock_accounts([escrow.pk, *(w.pk for w in wallets)])
        postings.post(
            league,
            [
                (
                    Posting(reasons.STAKE, [Leg(bet.wallet, -bet.stake), Leg(escrow, bet.stake)]),
                    Link(bet_id=bet.pk),
                )
                for bet in placed
            ],
        )
        Season.objects.filter(pk=season.pk).update(finished_at=timezone.now(), champion=teams[0])
    wall, cpu = time.perf_counter(), time.process_time()
    done = futures.season_settle(season_id=season.pk)
    elapsed = time.perf_counter() - wall, time.process_time() - cpu
    assert done is not None and not Bet.objects.filter(season=season, status="open").exists()
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--bets", type=int, default=500)
    parser.add_argument("--settle", type=int, default=10_000)
    args = parser.parse_args()

    _recreate_database()
    _setup_django()
    from ledger.audit import ledger_audit

    load = os.getloadavg()
    print("migrated; placing", flush=True)
    placed = [_place(args.bets) for _ in range(args.repeats)]
    print("placed; settling", flush=True)
    settled = [_settle_once(args.settle) for _ in range(args.repeats)] if args.settle else []
    report = ledger_audit()
    print(
        f"place   {1000 * statistics.median(w for w, _ in placed):6.2f} ms wall, "
        f"{1000 * statistics.median(c for _, c in placed):6.2f} ms CPU per champion bet "
        f"(median of {args.repeats} x {args.bets}, PostgreSQL, this process)"
    )
    if settled:
        wall = statistics.median(w for w, _ in settled)
        print(
            f"settle  {wall:6.2f} s wall, {statistics.median(c for _, c in settled):6.2f} s CPU "
            f"to pay {args.settle} champion bets (median of {args.repeats})  "
            f"target < {SETTLE_TARGET:.0f} s  {'OK' if wall < SETTLE_TARGET else 'MISSED'}"
        )
    print(f"load average at the start {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    print(f"ledger_audit ok={report['ok']} champion_bets={report['champion_bets']}")


if __name__ == "__main__":
    main()
