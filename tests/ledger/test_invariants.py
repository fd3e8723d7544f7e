"""The ledger's promises are the database's, on SQLite (the default run) and PostgreSQL
(``DATABASE_URL=postgres://...``) alike: each one broken by raw SQL, past the Python API, is
refused. ``transactional_db``: each test commits, so SQLite's commit-time check (the deferred
foreign key behind "entries sum to zero") is exercised as a real commit."""

import pytest
from django.db import DatabaseError, IntegrityError, connection, transaction

from betting import reasons
from ledger import services as ledger
from ledger.audit import ledger_audit
from ledger.models import Account, Entry, Transaction
from ledger.services import Leg, Posting
from tests.factories import LeagueFactory, TeamFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

ACCOUNT, TRANSACTION, ENTRY = (m._meta.db_table for m in (Account, Transaction, Entry))


@pytest.fixture
def books():
    """A league whose wallet holds 100 coins from the money supply."""
    league = LeagueFactory()
    wallet = Account.objects.create(league=league, kind=Account.Kind.WALLET, user=UserFactory())
    supply = ledger.system_accounts(league)[Account.Kind.SUPPLY]
    with transaction.atomic():
        (grant,) = ledger.post(
            league, [Posting(reasons.GRANT, [Leg(supply, -100), Leg(wallet, 100)])]
        )
    return league, wallet, supply, grant


def _sql(statement: str, params: list) -> None:
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(statement, params)


def _new_transaction(league) -> int:
    with transaction.atomic():
        return Transaction.objects.create(league=league, reason=reasons.GRANT).pk


def _balances(*accounts: Account) -> list[int]:
    return [Account.objects.get(pk=a.pk).balance for a in accounts]


def test_entries_are_append_only(books):
    _league, wallet, _supply, grant = books
    entry = Entry.objects.filter(transaction=grant, account=wallet).get()
    with pytest.raises(DatabaseError):
        _sql(f"UPDATE {ENTRY} SET amount = 1000 WHERE id = %s", [entry.pk])
    with pytest.raises(DatabaseError):
        _sql(f"DELETE FROM {ENTRY} WHERE id = %s", [entry.pk])
    assert Entry.objects.get(pk=entry.pk).amount == 100
    assert ledger_audit()["ok"]


def test_transactions_are_append_only(books):
    _league, _wallet, _supply, grant = books
    with pytest.raises(DatabaseError):
        _sql(f"UPDATE {TRANSACTION} SET reason = %s WHERE id = %s", [reasons.STAKE, grant.pk])
    with pytest.raises(DatabaseError):
        _sql(f"DELETE FROM {TRANSACTION} WHERE id = %s", [grant.pk])
    assert Transaction.objects.get(pk=grant.pk).reason == reasons.GRANT


def test_a_transaction_whose_entries_do_not_sum_to_zero_is_refused(books):
    league, wallet, supply, _grant = books
    made = _new_transaction(league)
    with pytest.raises(IntegrityError):
        _sql(
            f"INSERT INTO {ENTRY} (transaction_id, account_id, amount) VALUES (%s, %s, %s), (%s, %s, %s)",
            [made, supply.pk, -50, made, wallet.pk, 49],
        )
    # one leg per statement: still one transaction
    with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
        for account, amount in ((supply, -50), (wallet, 49)):
            cursor.execute(
                f"INSERT INTO {ENTRY} (transaction_id, account_id, amount) VALUES (%s, %s, %s)",
                [made, account.pk, amount],
            )
    assert not Entry.objects.filter(transaction_id=made).exists()
    assert _balances(wallet, supply) == [100, -100]


def test_balanced_entries_written_by_sql_move_the_balances_themselves(books):
    league, wallet, supply, _grant = books
    made = _new_transaction(league)
    _sql(
        f"INSERT INTO {ENTRY} (transaction_id, account_id, amount) VALUES (%s, %s, %s), (%s, %s, %s)",
        [made, supply.pk, -50, made, wallet.pk, 50],
    )
    assert _balances(wallet, supply) == [150, -150]
    assert ledger_audit()["ok"]


def test_a_balance_moves_only_with_entries(books):
    league, wallet, supply, _grant = books
    with pytest.raises(DatabaseError):
        _sql(f"UPDATE {ACCOUNT} SET balance = balance + 1 WHERE id = %s", [wallet.pk])
    with pytest.raises(DatabaseError):
        Account.objects.filter(pk__in=[wallet.pk, supply.pk]).update(balance=0)
    with pytest.raises(DatabaseError), transaction.atomic():
        Account.objects.create(league=league, kind=Account.Kind.HOUSE, balance=5)
    _sql(f"UPDATE {ACCOUNT} SET kind = kind WHERE id = %s", [wallet.pk])  # the rest is free
    assert _balances(wallet, supply) == [100, -100]
    assert ledger_audit()["ok"]


def test_no_wallet_and_no_treasury_goes_below_zero(books):
    league, wallet, supply, _grant = books
    treasury = Account.objects.create(
        league=league, kind=Account.Kind.TREASURY, team=TeamFactory(league=league)
    )
    for account, amount in ((wallet, 101), (treasury, 1)):
        made = _new_transaction(league)
        with pytest.raises(IntegrityError, match=f"account_{account.kind}_not_negative"):
            _sql(
                f"INSERT INTO {ENTRY} (transaction_id, account_id, amount) VALUES (%s, %s, %s), (%s, %s, %s)",
                [made, account.pk, -amount, made, supply.pk, amount],
            )
    assert _balances(wallet, treasury, supply) == [100, 0, -100]
