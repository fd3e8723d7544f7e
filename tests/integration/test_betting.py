"""Betting on the real PostgreSQL with real threads and a real Celery worker: a wallet never
overdrawn by concurrent bets, a fixture's bets paid once by racing settlers, and a worker
killed mid-settlement losing nothing."""

import threading
import time
from datetime import timedelta

import psycopg
import pytest
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from betting import bets, settlement
from betting.errors import BettingRefused
from betting.league_settings import settings_save
from betting.models import Bet, FixtureOdds, Settlement
from betting.sweeps import settlements_sweep
from ledger import services as ledger
from ledger.audit import ledger_audit
from ledger.models import Account, Transaction
from matches.models import Fixture, Result
from tests.factories import (
    FixtureFactory,
    LeagueFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
)
from tests.integration.conftest import someone_waits_on_a_lock, wait_until

pytestmark = pytest.mark.integration


def _market(fixtures: int = 4, mode: str = "fixed", teams: int = 8):
    league = LeagueFactory(name="Betting league")
    settings_save(league=league, values={"mode": mode, "max_stake": 500})
    season = SeasonFactory(league=league)
    sides = [TeamFactory(league=league, name=f"Team {n}") for n in range(teams)]
    made = []
    for number in range(fixtures):
        fixture = FixtureFactory(
            season=season,
            round=number // (teams // 2) + 1,
            home=sides[(2 * number) % teams],
            away=sides[(2 * number + 1) % teams],
            kickoff=timezone.now() + timedelta(days=1),
        )
        FixtureOdds.objects.create(
            fixture=fixture, method="test", probabilities={"home": 0.5, "away": 0.5}
        )
        made.append(fixture)
    return league, made


def _in_threads(count: int, work) -> list:
    """Run ``work(index)`` in ``count`` threads released together; their results or errors."""
    barrier = threading.Barrier(count)
    outcomes: list = [None] * count

    def run(index: int) -> None:
        try:
            barrier.wait()
            outcomes[index] = work(index)
        except Exception as error:  # collected, asserted by the test
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return outcomes


def _slow_posting(monkeypatch):
    """Widen the window between reading the balance and debiting it (a bet's stake and a
    cancellation both go through ``ledger.post``, the one write path)."""
    original = ledger.post

    def slow(*args, **kwargs):
        time.sleep(0.05)
        return original(*args, **kwargs)

    monkeypatch.setattr(ledger, "post", slow)


def _twenty_bets(punter, fixtures):
    def place(index: int):
        return bets.bet_place(
            user=punter, fixture_id=fixtures[index % len(fixtures)].pk, outcome="home", stake=100
        )[0]

    return _in_threads(20, place)


def _wallet_and_escrow_unlocked(user, fixture):
    """``bets._lock_wallet_and_escrow`` without ``FOR UPDATE``: the race the lock prevents."""
    wallet = Account.objects.get(kind="wallet", league_id=fixture.season.league_id, user=user)
    return wallet, ledger.escrow_of(fixture)


def test_without_the_wallet_lock_concurrent_bets_race(transactional_db, monkeypatch):
    league, fixtures = _market()
    punter = UserFactory()
    wallet, _ = bets.wallet_open(user=punter, league=league)  # 1,000 coins
    _slow_posting(monkeypatch)
    monkeypatch.setattr(bets, "_lock_wallet_and_escrow", _wallet_and_escrow_unlocked)
    outcomes = _twenty_bets(punter, fixtures)
    raced = [o for o in outcomes if isinstance(o, IntegrityError)]
    # The balance check read a stale balance: only the database's CHECK stopped an overdraft.
    assert raced, outcomes
    assert "account_wallet_not_negative" in str(raced[0])
    assert Account.objects.get(pk=wallet.pk).balance >= 0


def test_twenty_bets_at_once_never_overdraw_a_wallet(transactional_db, monkeypatch):
    league, fixtures = _market()
    punter = UserFactory()
    wallet, _ = bets.wallet_open(user=punter, league=league)
    _slow_posting(monkeypatch)
    outcomes = _twenty_bets(punter, fixtures)
    placed = [o for o in outcomes if isinstance(o, Bet)]
    refused = [o for o in outcomes if isinstance(o, BettingRefused)]
    assert len(placed) == 10, outcomes
    assert len(refused) == 10 and {r.code for r in refused} == {"insufficient_funds"}
    assert Account.objects.get(pk=wallet.pk).balance == 0
    held = Account.objects.filter(league=league, kind="escrow").values_list("balance", flat=True)
    assert sum(held) == 1000
    assert ledger_audit()["ok"]


def _decide(fixture: Fixture, winner: str = "home") -> None:
    with transaction.atomic():
        Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)
        Result.objects.create(
            fixture=fixture,
            home_score=2 if winner == "home" else 0,
            away_score=2 if winner == "away" else 0,
            winner=winner,
            decided_by="turns",
            seed=1,
            record={},
        )


def _punters(league, fixtures, count: int = 5):
    for number in range(count):
        punter = UserFactory(username=f"punter{number}")
        bets.wallet_open(user=punter, league=league)
        for fixture in fixtures:
            bets.bet_place(
                user=punter, fixture_id=fixture.pk, outcome=("home", "away")[number % 2], stake=50
            )


def test_two_settlers_racing_on_one_fixture_pay_once(transactional_db, monkeypatch):
    league, fixtures = _market(fixtures=1)
    _punters(league, fixtures)
    from betting import receivers

    monkeypatch.setattr(receivers, "enqueue_on_commit", lambda *args: None)  # no worker here
    _decide(fixtures[0])
    outcomes = _in_threads(2, lambda index: settlement.fixture_settle(fixture_id=fixtures[0].pk))
    assert sum(isinstance(o, Settlement) for o in outcomes) == 1, outcomes
    assert outcomes.count(None) == 1
    assert Transaction.objects.filter(reason="settlement").count() == 1  # one payment
    assert not Bet.objects.filter(status="open").exists()
    assert ledger_audit()["ok"]


def test_a_worker_killed_while_settling_loses_nothing(worker, monkeypatch):
    league, fixtures = _market(fixtures=6, teams=12)
    _punters(league, fixtures)
    stuck = fixtures[0]
    from betting import receivers
    from betting.tasks import fixture_settle_task

    with monkeypatch.context() as quiet:  # its result recorded, the message sent below
        quiet.setattr(receivers, "enqueue_on_commit", lambda *args: None)
        _decide(stuck)

    # Hold the stuck fixture's row lock from another connection: its settlement waits on it.
    params = connection.get_connection_params()
    blocker = psycopg.connect(
        **{k: v for k, v in params.items() if k in ("dbname", "user", "host", "port", "password")}
    )
    blocker.execute("BEGIN")
    blocker.execute("SELECT id FROM matches_fixture WHERE id = %s FOR UPDATE", [stuck.pk])
    fixture_settle_task.delay(stuck.pk)
    for fixture in fixtures[1:]:
        _decide(fixture, winner="away")  # each result sends its settlement to the worker

    def others_settled() -> bool:
        return Settlement.objects.filter(fixture__in=fixtures[1:]).count() == 5

    try:
        wait_until(others_settled, timeout=60)
        wait_until(lambda: someone_waits_on_a_lock(blocker.info.backend_pid), timeout=30)
        worker.kill()
    finally:
        blocker.rollback()
        blocker.close()

    assert not Settlement.objects.filter(fixture=stuck).exists()  # the killed task wrote nothing
    assert Bet.objects.filter(fixture=stuck, status="open").count() == 5

    worker.mark()
    worker.start(name="restarted")
    summary = settlements_sweep()
    wait_until(lambda: not Bet.objects.filter(status="open").exists(), timeout=60)

    assert summary["settlements_resent"] == 1
    assert Settlement.objects.count() == 6
    assert Transaction.objects.filter(reason="settlement").count() == 6  # one per fixture
    report = ledger_audit()
    assert report["ok"], report
    assert worker.errors() == []


def test_bets_are_taken_while_redis_is_down_and_paid_once_it_is_back(
    api_as, transactional_db, broker_down, monkeypatch
):
    league, fixtures = _market(fixtures=1)
    punter = UserFactory()
    client = api_as(punter)
    assert client.post(f"/api/v1/leagues/{league.pk}/wallet/").status_code == 201
    placed = client.post(
        "/api/v1/bets/", {"fixture": fixtures[0].pk, "outcome": "home", "stake": 100}
    )
    assert placed.status_code == 201, placed.json()
    _decide(fixtures[0])  # its settlement cannot be sent: logged, left for the sweeper
    assert not Settlement.objects.exists()

    assert settlements_sweep() == {
        "settlements_resent": 1,
        "resettlements_resent": 0,
        "season_settlements_resent": 0,
    }
    settlement.fixture_settle(fixture_id=fixtures[0].pk)  # what the worker runs
    assert Bet.objects.get().status == "won"
    assert ledger_audit()["ok"]
