"""The ledger's tables move out of betting with their rows (ledger 0001-0002, betting
0007-0008, mythril 0002): rows written with the old models read the same through the new
ones, the links to bets and settlements now betting's, and the database's promises hold on
them. On SQLite by default, on PostgreSQL with ``DATABASE_URL``."""

import pytest
from django.db import DatabaseError, connection, transaction
from django.db.migrations.executor import MigrationExecutor

from betting.models import Bet, Settlement, TransactionLink
from ledger.audit import ledger_audit
from ledger.models import Account, Entry, Transaction
from tests.factories import FixtureFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("ledger", None)]  # betting 0006 and mythril 0001: the ledger still betting's


def _migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    return executor


def test_rows_written_before_the_move_read_the_same_after_it():
    fixture = FixtureFactory()
    league = fixture.season.league
    user = UserFactory()
    old = (
        _migrate(BEFORE)
        .loader.project_state(
            [("betting", "0006_owe_lost_resettlements"), ("mythril", "0001_initial")]
        )
        .apps
    )
    OldAccount, OldTransaction, OldEntry = (
        old.get_model("betting", name) for name in ("Account", "Transaction", "Entry")
    )
    OldBet, OldSettlement = old.get_model("betting", "Bet"), old.get_model("betting", "Settlement")
    with transaction.atomic():
        supply = OldAccount.objects.create(league_id=league.pk, kind="supply", balance=-100)
        wallet = OldAccount.objects.create(
            league_id=league.pk, kind="wallet", user_id=user.pk, balance=70
        )
        escrow = OldAccount.objects.create(
            league_id=league.pk, kind="escrow", fixture_id=fixture.pk, balance=30
        )
        bet = OldBet.objects.create(
            wallet=wallet, user_id=user.pk, fixture_id=fixture.pk, outcome="home", stake=30
        )
        settlement = OldSettlement.objects.create(fixture_id=fixture.pk, outcome="cancelled")
        grant = OldTransaction.objects.create(league_id=league.pk, reason="grant")
        stake = OldTransaction.objects.create(
            league_id=league.pk, reason="stake", bet=bet, fixture_id=fixture.pk
        )
        paid = OldTransaction.objects.create(
            league_id=league.pk, reason="settlement", settlement=settlement
        )
        OldEntry.objects.bulk_create(
            [
                OldEntry(transaction=grant, account=supply, amount=-100),
                OldEntry(transaction=grant, account=wallet, amount=100),
            ]
        )
        OldEntry.objects.bulk_create(
            [
                OldEntry(transaction=stake, account=wallet, amount=-30, bet=bet),
                OldEntry(transaction=stake, account=escrow, amount=30, bet=bet),
            ]
        )

    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    assert Transaction._meta.db_table == "ledger_transaction"
    assert [(a.kind, a.balance) for a in Account.objects.filter(league=league).order_by("pk")] == [
        ("supply", -100),
        ("wallet", 70),
        ("escrow", 30),
    ]
    rows = Transaction.objects.filter(league=league).order_by("pk")
    assert [(t.reason, t.get_reason_display(), t.fixture_id) for t in rows] == [
        ("grant", "Starting grant", None),
        ("stake", "Bet placed", fixture.pk),
        ("settlement", "Bets settled", None),
    ]
    assert sorted(
        Entry.objects.filter(transaction_id=stake.pk).values_list("amount", flat=True)
    ) == [
        -30,
        30,
    ]
    links = TransactionLink.objects.order_by("pk").values_list("pk", "bet_id", "settlement_id")
    assert list(links) == [(stake.pk, bet.pk, None), (paid.pk, None, settlement.pk)]
    assert Bet.objects.get(pk=bet.pk).wallet_id == wallet.pk
    assert Settlement.objects.get(pk=settlement.pk).ledger_links.get().transaction_id == paid.pk
    ledger_problems = ("transaction ", "league ", "account ", "wallet ")
    assert not [p for p in ledger_audit()["problems"] if p.startswith(ledger_problems)]
    with pytest.raises(DatabaseError), transaction.atomic():
        Entry.objects.filter(transaction_id=grant.pk).update(amount=5)
    with pytest.raises(DatabaseError), transaction.atomic():
        Account.objects.filter(pk=wallet.pk).update(balance=1_000)
