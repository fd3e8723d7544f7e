"""Posting to the ledger. The caller holds the row locks of every account it posts to (taken
by ``lock_accounts``, in id order) inside its database transaction.

A transaction's legs must sum to zero: checked here before anything is written, and again by
the database at commit (the ``entries_sum_to_zero`` trigger on PostgreSQL). Balances move in
the same transaction as the entries; a wallet that would go below zero breaks its ``CHECK``.
"""

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import connection, transaction
from django.db.models import BigIntegerField, Case, F, Value, When
from django.utils import timezone

from betting.models import Account, Bet, Entry, Transaction
from league.models import League
from matches.models import Fixture

SYSTEM_KINDS = (Account.Kind.HOUSE, Account.Kind.SUPPLY)
ENTRIES_PER_STATEMENT = 4000
"""Entries inserted per statement (four parameters each, within PostgreSQL's 65,535)."""


@dataclass(frozen=True)
class Leg:
    account: Account
    amount: int
    bet: Bet | None = None


@dataclass
class Posting:
    """One ledger transaction to write: its reason, what it concerns, its legs."""

    reason: str
    legs: Sequence[Leg]
    bet: Bet | None = None
    fixture_id: int | None = None
    settlement_id: int | None = None

    def check(self) -> None:
        total = sum(leg.amount for leg in self.legs)
        if total != 0:
            raise ValueError(f"a {self.reason} transaction's legs sum to {total}, not zero")
        if any(not isinstance(leg.amount, int) or leg.amount == 0 for leg in self.legs):
            raise ValueError("every leg moves a non-zero whole number of coins")


def system_accounts(league: League) -> dict[str, Account]:
    """The league's house and money-supply accounts, created once."""
    found = {a.kind: a for a in Account.objects.filter(league=league, kind__in=SYSTEM_KINDS)}
    for kind in SYSTEM_KINDS:
        if kind not in found:
            found[kind], _created = Account.objects.get_or_create(league=league, kind=kind)
    return found


def escrow_of(fixture: Fixture) -> Account:
    """The account holding the open stakes on ``fixture``, created with its first bet."""
    account, _created = Account.objects.get_or_create(
        kind=Account.Kind.ESCROW, fixture=fixture, defaults={"league_id": fixture.season.league_id}
    )
    return account


def lock_accounts(ids: Iterable[int]) -> dict[int, Account]:
    """Lock the accounts in ascending id order (one order everywhere: no deadlock)."""
    ordered = sorted(set(ids))
    return {
        a.pk: a for a in Account.objects.select_for_update().filter(pk__in=ordered).order_by("pk")
    }


def post(league: League, postings: Sequence[Posting]) -> list[Transaction]:
    """Write ``postings`` (bulk: one insert of transactions, one of entries per few thousand)
    and move the balances of their accounts, inside the caller's database transaction, which
    holds the accounts' locks. A posting's entries always go in one statement: the database
    checks each statement leaves every transaction it touched summing to zero."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("ledger.post runs inside the caller's transaction.atomic()")
    for posting in postings:
        posting.check()
    rows = Transaction.objects.bulk_create(
        Transaction(
            league=league,
            reason=posting.reason,
            bet=posting.bet,
            fixture_id=posting.fixture_id,
            settlement_id=posting.settlement_id,
        )
        for posting in postings
    )
    entries: list[Entry] = []
    deltas: dict[int, int] = defaultdict(int)
    for row, posting in zip(rows, postings, strict=True):
        if len(entries) + len(posting.legs) > ENTRIES_PER_STATEMENT:
            Entry.objects.bulk_create(entries)  # whole postings only: one statement
            entries = []
        for leg in posting.legs:
            entries.append(
                Entry(transaction=row, account_id=leg.account.pk, bet=leg.bet, amount=leg.amount)
            )
            deltas[leg.account.pk] += leg.amount
    Entry.objects.bulk_create(entries)
    _move_balances(deltas)
    return rows


def post_one(league: League, posting: Posting) -> None:
    """Write one posting (a bet's stake) as :func:`post` does, in one statement on PostgreSQL:
    the transaction, its entries and the balances its legs move, where ``post`` sends three.
    Same rows, same checks: the legs are checked here, the entries by the database's
    sum-to-zero trigger at the end of the statement, a wallet's balance by its ``CHECK``.
    Other databases (SQLite in development) go through :func:`post`."""
    if connection.vendor != "postgresql":
        post(league, [posting])
        return
    if not connection.in_atomic_block:
        raise RuntimeError("ledger.post_one runs inside the caller's transaction.atomic()")
    posting.check()
    deltas: dict[int, int] = defaultdict(int)
    for leg in posting.legs:
        deltas[leg.account.pk] += leg.amount
    moves = [(account_id, delta) for account_id, delta in sorted(deltas.items()) if delta]
    legs = [(leg.account.pk, leg.bet.pk if leg.bet else None, leg.amount) for leg in posting.legs]
    tables = {
        "transaction": Transaction._meta.db_table,
        "entry": Entry._meta.db_table,
        "account": Account._meta.db_table,
    }
    leg_rows = ", ".join(["(%s::bigint, %s::bigint, %s::bigint)"] * len(legs))
    move_rows = ", ".join(["(%s::bigint, %s::bigint)"] * len(moves)) or "(NULL::bigint, 0::bigint)"
    sql = f"""
        WITH made AS (
            INSERT INTO {tables["transaction"]}
                (league_id, reason, bet_id, fixture_id, settlement_id, created_at)
            VALUES (%s, %s, %s, %s, %s, %s)
            RETURNING id
        ), legs AS (
            INSERT INTO {tables["entry"]} (transaction_id, account_id, bet_id, amount)
            SELECT made.id, leg.account_id, leg.bet_id, leg.amount
            FROM made, (VALUES {leg_rows}) AS leg (account_id, bet_id, amount)
            RETURNING 1
        )
        UPDATE {tables["account"]} AS account
        SET balance = account.balance + move.delta
        FROM (VALUES {move_rows}) AS move (account_id, delta)
        WHERE account.id = move.account_id AND (SELECT count(*) FROM legs) = %s
    """  # table names from the models; every value is a parameter
    params: list = [
        league.pk,
        posting.reason,
        posting.bet.pk if posting.bet else None,
        posting.fixture_id,
        posting.settlement_id,
        timezone.now(),
        *(value for leg in legs for value in leg),
        *(value for move in moves for value in move),
        len(legs),
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def _move_balances(deltas: dict[int, int]) -> None:
    """Every account's balance moved by its delta: one ``UPDATE`` per few hundred accounts."""
    moves = [(account_id, delta) for account_id, delta in sorted(deltas.items()) if delta]
    for start in range(0, len(moves), 500):
        chunk = moves[start : start + 500]
        Account.objects.filter(pk__in=[account_id for account_id, _delta in chunk]).update(
            balance=F("balance")
            + Case(
                *(When(pk=account_id, then=Value(delta)) for account_id, delta in chunk),
                output_field=BigIntegerField(),
            )
        )
