"""``ledger.services.post``, the one write path of money: it writes the transaction and its
entries, the database moves the balances, and both refuse an overdraft and an unbalanced
posting (what ``test_ledger_one_statement`` asserted of ``post_one`` before it went: the same
rows and the same refusals, now through one path, on SQLite and PostgreSQL)."""

import pytest
from django.db import IntegrityError, transaction

from betting import reasons
from ledger import services as ledger
from ledger.audit import ledger_audit
from ledger.models import Account, Entry, Transaction
from ledger.services import Leg, Posting
from tests.factories import LeagueFactory, UserFactory


def _accounts(league, balance: int):
    wallet = Account.objects.create(
        league=league, kind=Account.Kind.WALLET, user=UserFactory(), balance=0
    )
    supply = Account.objects.create(league=league, kind=Account.Kind.SUPPLY)
    house = Account.objects.create(league=league, kind=Account.Kind.HOUSE)
    with transaction.atomic():
        ledger.post(league, [Posting(reasons.GRANT, [Leg(supply, -balance), Leg(wallet, balance)])])
    return wallet, house


def _written(transaction_row) -> tuple:
    entries = sorted(
        Entry.objects.filter(transaction=transaction_row).values_list("account_id", "amount")
    )
    return transaction_row.reason, transaction_row.league_id, transaction_row.fixture_id, entries


def test_post_writes_the_transaction_its_entries_and_moves_the_balances(db):
    league = LeagueFactory()
    wallet, house = _accounts(league, 100)

    with transaction.atomic():
        ledger.post(league, [Posting(reasons.GRANT, [Leg(wallet, -30), Leg(house, 30)])])
    with transaction.atomic():
        ledger.post(league, [Posting(reasons.GRANT, [Leg(wallet, -30), Leg(house, 30)])])

    first, second = Transaction.objects.filter(league=league).order_by("pk")[1:]
    assert _written(second)[0] == _written(first)[0] == reasons.GRANT
    assert [amount for _id, amount in _written(second)[3]] == [-30, 30]
    assert Account.objects.get(pk=wallet.pk).balance == 40
    assert Account.objects.get(pk=house.pk).balance == 60
    assert ledger_audit()["ok"]


def test_post_cannot_overdraw_a_wallet(db):
    league = LeagueFactory()
    wallet, house = _accounts(league, 10)

    with pytest.raises(IntegrityError, match="account_wallet_not_negative"), transaction.atomic():
        ledger.post(league, [Posting(reasons.GRANT, [Leg(wallet, -11), Leg(house, 11)])])

    assert Account.objects.get(pk=wallet.pk).balance == 10
    assert Transaction.objects.filter(league=league).count() == 1
    assert ledger_audit()["ok"]


def test_post_refuses_unbalanced_legs_an_undeclared_reason_and_runs_only_in_a_transaction(
    transactional_db,
):
    # (transactional_db: the test itself is not wrapped in a transaction)
    league = LeagueFactory()
    wallet, house = _accounts(league, 10)

    with pytest.raises(ValueError, match="sum to"), transaction.atomic():
        ledger.post(league, [Posting(reasons.GRANT, [Leg(wallet, -5), Leg(house, 4)])])
    with pytest.raises(ValueError, match="declared"), transaction.atomic():
        ledger.post(league, [Posting("bribe", [Leg(wallet, -5), Leg(house, 5)])])
    with pytest.raises(RuntimeError, match=r"transaction\.atomic"):
        ledger.post(league, [Posting(reasons.GRANT, [Leg(wallet, -5), Leg(house, 5)])])

    assert Account.objects.get(pk=wallet.pk).balance == 10
    assert ledger_audit()["ok"]
