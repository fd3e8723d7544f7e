"""Wallets, bets and settlements in bulk, for a league's generated history (``manage.py
generate_load``): the ledger's rules kept (every transaction's legs sum to zero, balances move
with their entries, no wallet below zero, one settlement per fixture with its bets' payouts),
in a few statements per league instead of a transaction per bet.

The caller holds the league's transaction and is its only writer (a league being generated is
seen by nobody yet), so no row lock is taken. Nothing here is told to the bettors: no
notification, no history entry per bet (``bet_place`` and ``fixture_settle`` are the
services people use).
"""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.utils import timezone

from betting import plugins, postings, reasons
from betting.league_settings import settings_of
from betting.models import Bet, Settlement
from betting.postings import Link
from betting.settlement import CANCELLED, Payout, payouts, settlement_legs
from league.models import League
from ledger import services as ledger
from ledger.models import Account
from ledger.services import Leg, Posting
from matches.models import Fixture, Result

BATCH = 2000


@dataclass(frozen=True)
class Stake:
    """A bet to place: ``wallet`` of the bettor, on ``fixture``'s ``outcome``."""

    wallet: Account
    fixture: Fixture
    outcome: str
    stake: int
    price: Decimal | None = None


def wallets_open(*, league: League, users: Sequence[User]) -> list[Account]:
    """A wallet for each user in a league that bets, each with the starting grant (one
    ``GRANT`` transaction per wallet, as ``wallet_open`` writes it)."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("wallets_open runs inside the caller's transaction.atomic()")
    grant = settings_of(league).starting_grant
    supply = ledger.system_accounts(league)[Account.Kind.SUPPLY]
    wallets = Account.objects.bulk_create(
        [Account(league=league, kind=Account.Kind.WALLET, user=user) for user in users],
        batch_size=BATCH,
    )
    if grant:
        ledger.post(
            league,
            [
                Posting(reasons.GRANT, [Leg(supply, -grant), Leg(wallet, grant)])
                for wallet in wallets
            ],
        )
        for wallet in wallets:
            wallet.balance = grant
    return wallets


def bets_place(*, league: League, stakes: Sequence[Stake]) -> list[Bet]:
    """Place the bets: each stake moves from its wallet to its fixture's open-stakes account
    (made with the fixture's first bet). ``ValueError`` when a wallet would go below zero
    (the database refuses it too) or a stake is outside the league's limits."""
    settings = settings_of(league)
    spent: dict[int, int] = defaultdict(int)
    for item in stakes:
        if not settings.min_stake <= item.stake <= settings.max_stake:
            raise ValueError(
                f"stake {item.stake} outside {settings.min_stake}-{settings.max_stake}"
            )
        spent[item.wallet.pk] += item.stake
    for item in stakes:
        if spent[item.wallet.pk] > item.wallet.balance:
            raise ValueError(f"wallet {item.wallet.pk} cannot pay {spent[item.wallet.pk]}")
    fixtures = {item.fixture.pk: item.fixture for item in stakes}
    held = {
        account.fixture_id: account
        for account in Account.objects.filter(kind=Account.Kind.ESCROW, fixture_id__in=fixtures)
    }
    missing = [pk for pk in fixtures if pk not in held]
    for account in Account.objects.bulk_create(
        [Account(league=league, kind=Account.Kind.ESCROW, fixture_id=pk) for pk in missing],
        batch_size=BATCH,
    ):
        held[account.fixture_id] = account
    bets = Bet.objects.bulk_create(
        [
            Bet(
                wallet=item.wallet,
                user_id=item.wallet.user_id,
                fixture=item.fixture,
                outcome=item.outcome,
                stake=item.stake,
                price=item.price,
            )
            for item in stakes
        ],
        batch_size=BATCH,
    )
    postings.post(
        league,
        [
            (
                Posting(
                    reasons.STAKE,
                    [Leg(bet.wallet, -bet.stake), Leg(held[bet.fixture_id], bet.stake)],
                    bet.fixture_id,
                ),
                Link(bet_id=bet.pk),
            )
            for bet in bets
        ],
    )
    wallets = {item.wallet.pk: item.wallet for item in stakes}
    for wallet_id, amount in spent.items():
        wallets[wallet_id].balance -= amount
    return bets


def _outcomes(
    league: League, fixtures: Sequence[Fixture], results: Sequence[Result] | None
) -> dict[int, str]:
    """What each decided fixture pays on, as ``fixture_settle`` reads it: the winner, or
    ``cancelled`` (a cancelled fixture, or a result its game says voids the bets)."""
    voids = plugins.bets_void.implements(league.rule_system)  # reads the results' records
    void = plugins.bets_void.of(league.rule_system).bets_void
    if results is None:
        fields = ["fixture_id", "winner", *(["record"] if voids else [])]
        results = Result.objects.filter(fixture_id__in=[f.pk for f in fixtures]).only(*fields)
    decided = {
        result.fixture_id: CANCELLED if void(result) else result.winner for result in results
    }
    for fixture in fixtures:
        if fixture.status == Fixture.Status.CANCELLED:
            decided[fixture.pk] = CANCELLED
    return decided


def fixtures_settle(
    *, league: League, fixtures: Sequence[Fixture], results: Sequence[Result] | None = None
) -> list[Settlement]:
    """Settle the decided fixtures of one league as ``fixture_settle`` pays each (the same
    payouts and legs): one settlement per fixture (its witness, bets or not), one ledger
    transaction per fixture with open bets, the bets closed. A fixture already settled or not
    decided is left as it is. ``results``: the fixtures' saved results when the caller holds
    them (read from the database otherwise)."""
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("fixtures_settle runs inside the caller's transaction.atomic()")
    decided = _outcomes(league, fixtures, results)
    settled = set(
        Settlement.objects.filter(fixture_id__in=decided, reversed_at=None).values_list(
            "fixture_id", flat=True
        )
    )
    todo = sorted((pk, outcome) for pk, outcome in decided.items() if pk not in settled)
    settlements = Settlement.objects.bulk_create(
        [Settlement(fixture_id=pk, outcome=outcome) for pk, outcome in todo], batch_size=BATCH
    )
    by_fixture: dict[int, list[Bet]] = defaultdict(list)
    for bet in (
        Bet.objects.filter(fixture_id__in=[pk for pk, _ in todo], status=Bet.Status.OPEN)
        .only("pk", "wallet_id", "fixture_id", "outcome", "stake", "price")
        .order_by("pk")
    ):
        by_fixture[bet.fixture_id].append(bet)
    escrows = {
        account.fixture_id: account
        for account in Account.objects.filter(kind=Account.Kind.ESCROW, fixture_id__in=by_fixture)
    }
    house = ledger.system_accounts(league)[Account.Kind.HOUSE]
    cut = settings_of(league).house_cut_percent
    paying: list[tuple[Posting, Link]] = []
    closing: list[tuple[Payout, int]] = []
    for settlement, (pk, outcome) in zip(settlements, todo, strict=True):
        bets = by_fixture.get(pk)
        if not bets:
            continue
        results = payouts(bets, outcome, cut)
        legs = settlement_legs(results, escrow=escrows[pk], house=house)
        paying.append((Posting(reasons.SETTLEMENT, legs, pk), Link(settlement_id=settlement.pk)))
        closing += [(paid, settlement.pk) for paid in results]
    postings.post(league, paying)
    _close(closing)
    return settlements


def _close(closing: Sequence[tuple[Payout, int]]) -> None:
    """Each bet's status, payout and settlement, thousands per ``UPDATE ... FROM VALUES``
    (as ``betting.settlement`` closes one fixture's bets, here many fixtures' at once)."""
    table = Bet._meta.db_table
    now = timezone.now()
    with connection.cursor() as cursor:
        for start in range(0, len(closing), BATCH):
            batch = closing[start : start + BATCH]
            rows = ", ".join(
                [
                    "(CAST(%s AS bigint), CAST(%s AS varchar(9)), CAST(%s AS bigint),"
                    " CAST(%s AS bigint))"
                ]
                * len(batch)
            )
            values: list[object] = []
            for paid, settlement_id in batch:
                values += [paid.bet.pk, str(paid.status), paid.amount, settlement_id]
            cursor.execute(
                f"WITH closing (id, status, payout, settlement_id) AS (VALUES {rows}) "
                f"UPDATE {table} SET status = closing.status, payout = closing.payout, "
                f"closed_at = CAST(%s AS timestamp with time zone), "
                f"settlement_id = closing.settlement_id "
                f"FROM closing WHERE {table}.id = closing.id",
                [*values, now],
            )
