"""Posting to the ledger: the one write path of money (``post``), and the accounts it writes to.

The caller holds the row locks of every account it posts to (taken by ``lock_accounts``, in id
order) inside its database transaction. A posting's legs are checked here before anything is
written (they sum to zero, each moves a whole number of coins, its reason was declared), and the
database checks them again (``ledger.models``): it moves the balances itself, in the statement
that inserts the entries, and refuses an unbalanced transaction or a wallet below zero.
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import connection, transaction
from django.utils import timezone

from league.models import League, Season
from ledger import reasons
from ledger.models import Account, Entry, Transaction
from matches.models import Fixture

SYSTEM_KINDS = (Account.Kind.HOUSE, Account.Kind.SUPPLY)
ENTRIES_PER_STATEMENT = 4000
"""Entries inserted per statement (three parameters each, within PostgreSQL's 65,535)."""


@dataclass(frozen=True)
class Leg:
    account: Account
    amount: int


@dataclass
class Posting:
    """One ledger transaction to write: its reason, the fixture it concerns, its legs."""

    reason: str
    legs: Sequence[Leg]
    fixture_id: int | None = None

    def check(self) -> None:
        reasons.check(self.reason)
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


def season_escrow_of(season: Season) -> Account:
    """The account holding the open stakes of ``season``'s own market (its champion), created
    with its first bet."""
    account, _created = Account.objects.get_or_create(
        kind=Account.Kind.ESCROW, season=season, defaults={"league_id": season.league_id}
    )
    return account


def lock_accounts(ids: Iterable[int]) -> dict[int, Account]:
    """Lock the accounts in ascending id order (one order everywhere: no deadlock)."""
    ordered = sorted(set(ids))
    return {
        a.pk: a for a in Account.objects.select_for_update().filter(pk__in=ordered).order_by("pk")
    }


def post(league: League, postings: Sequence[Posting]) -> list[Transaction]:
    """Write ``postings`` inside the caller's database transaction, which holds the accounts'
    locks: one insert of the transactions, one of their entries per few thousand (a posting's
    entries always in the same statement: PostgreSQL checks each statement leaves every
    transaction it touched summing to zero). The database moves the balances. Returns the
    transactions, in the postings' order, for the poster to link to what they concern."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("ledger.post runs inside the caller's transaction.atomic()")
    for posting in postings:
        posting.check()
    if len(postings) == 1 and _in_one_statement(postings[0]):
        return [_post_in_one_statement(league, postings[0])]
    rows = Transaction.objects.bulk_create(
        Transaction(league=league, reason=posting.reason, fixture_id=posting.fixture_id)
        for posting in postings
    )
    entries: list[Entry] = []
    for row, posting in zip(rows, postings, strict=True):
        if len(entries) + len(posting.legs) > ENTRIES_PER_STATEMENT:
            Entry.objects.bulk_create(entries)  # whole postings only: one statement
            entries = []
        entries += [
            Entry(transaction=row, account_id=leg.account.pk, amount=leg.amount)
            for leg in posting.legs
        ]
    Entry.objects.bulk_create(entries)
    return rows


def _in_one_statement(posting: Posting) -> bool:
    return connection.vendor == "postgresql" and len(posting.legs) <= ENTRIES_PER_STATEMENT


def _post_in_one_statement(league: League, posting: Posting) -> Transaction:
    """One posting (a bet's stake, the hot path) in one statement on PostgreSQL: the
    transaction and its entries, where the bulk path sends two. The entries' statement
    triggers check the sum and move the balances as they do for any insert."""
    created_at = timezone.now()
    legs = ", ".join(["(%s::bigint, %s::bigint)"] * len(posting.legs))
    sql = f"""
        WITH made AS (
            INSERT INTO {Transaction._meta.db_table} (league_id, reason, fixture_id, created_at)
            VALUES (%s, %s, %s, %s)
            RETURNING id
        )
        INSERT INTO {Entry._meta.db_table} (transaction_id, account_id, amount)
        SELECT made.id, leg.account_id, leg.amount
        FROM made, (VALUES {legs}) AS leg (account_id, amount)
        RETURNING transaction_id
    """  # table names from the models; every value is a parameter
    params: list[object] = [league.pk, posting.reason, posting.fixture_id, created_at]
    for leg in posting.legs:
        params += [leg.account.pk, leg.amount]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        (made,) = cursor.fetchone()
    row = Transaction(
        pk=made,
        league=league,
        reason=posting.reason,
        fixture_id=posting.fixture_id,
        created_at=created_at,
    )
    row._state.adding = False
    row._state.db = connection.alias
    return row
