"""Paying a fixture's bets, exactly once.

``fixture_settle`` locks the fixture row, returns at once if an active ``Settlement`` already
witnesses the payment, and otherwise writes the settlement, its ledger transaction and the
bets' new status in one database transaction: a second delivery, a second worker or a retry
after a crash finds the witness and pays nothing. The sweeper finds results without a
settlement, so a lost message only delays payment.

The ledger transaction moves the fixture's open stakes out, each wallet's winnings in and the
house's share; each bet records its own payout (``ledger_audit`` checks they agree). Fixed
odds pay ``stake × price`` rounded down; a lost stake goes to the house. A pool pays the
winners ``(pool − house cut) × stake / winning stakes`` rounded down, the remainders to the
house, and refunds everyone when nobody won. A cancelled fixture refunds every stake.

A corrected or voided result is handled by ``correction_resettle``, once per correction (its
``Resettlement`` witness): ``settlement_reverse`` (the transaction mirrored by new entries,
the bets open again), then ``fixture_settle`` by the result as it stands: entries are never
edited. Until then ``fixture_settle`` leaves the old settlement alone.
"""

from dataclasses import dataclass

from django.db import connection, transaction
from django.utils import timezone

from betting import history, plugins, postings, reasons
from betting.events import resettlement_publish, settlement_publish
from betting.models import Bet, Resettlement, Settlement
from betting.postings import Link
from ledger import services as ledger
from ledger.models import Account, Entry
from ledger.services import Leg, Posting
from matches.models import Fixture, Result, ResultCorrection

CANCELLED = "cancelled"


@dataclass(frozen=True)
class Payout:
    bet: Bet
    status: str
    amount: int


def _winning_outcome(fixture: Fixture) -> str | None:
    """The result's winner, ``"cancelled"`` (the fixture was cancelled, or its game says the
    result voids the bets), or ``None`` while the fixture is not decided."""
    if fixture.status == Fixture.Status.CANCELLED:
        return CANCELLED
    result = Result.objects.filter(fixture=fixture).only("winner", "record").first()
    return outcome_of(fixture, result)


def outcome_of(fixture: Fixture, result: Result | None) -> str | None:
    """What the fixture's bets are paid by, given its result (``None``: not decided)."""
    if fixture.status == Fixture.Status.CANCELLED:
        return CANCELLED
    if result is None:
        return None
    if plugins.bets_void.of(fixture.season.league.rule_system).bets_void(result):
        return CANCELLED
    return result.winner


def payouts(bets: list[Bet], outcome: str, house_cut_percent: int) -> list[Payout]:
    """What each bet receives. Pure arithmetic on integers and the bets' decimal prices."""
    if outcome == CANCELLED:
        return [Payout(bet, Bet.Status.REFUNDED, bet.stake) for bet in bets]
    pool = [bet for bet in bets if bet.price is None]
    fixed = [bet for bet in bets if bet.price is not None]
    result = [
        Payout(bet, Bet.Status.WON, int(bet.stake * bet.price))
        if bet.outcome == outcome
        else Payout(bet, Bet.Status.LOST, 0)
        for bet in fixed
    ]
    if pool:
        total = sum(bet.stake for bet in pool)
        winning = sum(bet.stake for bet in pool if bet.outcome == outcome)
        if winning == 0:
            result += [Payout(bet, Bet.Status.REFUNDED, bet.stake) for bet in pool]
        else:
            paid = total - total * house_cut_percent // 100
            result += [
                Payout(bet, Bet.Status.WON, paid * bet.stake // winning)
                if bet.outcome == outcome
                else Payout(bet, Bet.Status.LOST, 0)
                for bet in pool
            ]
    return result


@transaction.atomic
def fixture_settle(*, fixture_id: int, tell_bettors: bool = True) -> Settlement | None:
    """Settle the fixture's open bets once its result is known (or it was cancelled).

    Returns the settlement written now, or ``None`` when there is nothing to do (not decided
    yet, or already settled). ``tell_bettors=False``: a re-settlement, whose bettors are told
    by ``correction_resettle`` what changed (webhooks still get the settlement)."""
    fixture = (
        Fixture.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .filter(pk=fixture_id)
        .first()
    )
    if fixture is None:
        return None
    outcome = _winning_outcome(fixture)
    if outcome is None or Settlement.objects.filter(fixture=fixture, reversed_at=None).exists():
        return None
    league = fixture.season.league
    bets = list(
        Bet.objects.filter(fixture=fixture, status=Bet.Status.OPEN)
        .only("pk", "wallet_id", "user_id", "outcome", "stake", "price")
        .order_by("pk")
    )
    settlement = Settlement.objects.create(fixture=fixture, outcome=outcome)
    if not bets:
        return settlement
    from betting.league_settings import settings_of

    results = payouts(bets, outcome, settings_of(league).house_cut_percent)
    house = ledger.system_accounts(league)[Account.Kind.HOUSE]
    escrow = ledger.escrow_of(fixture)
    ledger.lock_accounts([house.pk, escrow.pk, *{bet.wallet_id for bet in bets}])
    legs = settlement_legs(results, escrow=escrow, house=house)
    postings.post(
        league,
        [(Posting(reasons.SETTLEMENT, legs, fixture.pk), Link(settlement_id=settlement.pk))],
    )
    _close_bets(results, settlement)
    history.bets_record_settled(settlement=settlement, league_id=league.pk)
    settlement_publish(
        fixture=fixture,
        settlement_id=settlement.pk,
        outcome=outcome,
        results=results,
        tell_bettors=tell_bettors,
    )
    return settlement


def settlement_legs(results: list[Payout], *, escrow: Account, house: Account) -> list[Leg]:
    """One transaction pays a fixture: the open stakes leave the fixture's account, each
    wallet receives the sum of its bets' payouts, the house the difference (or pays it, at
    fixed odds). Each bet's own payout is on the bet."""
    staked = sum(paid.bet.stake for paid in results)
    paid_out = sum(paid.amount for paid in results)
    per_wallet: dict[int, int] = {}
    for paid in results:
        if paid.amount:
            per_wallet[paid.bet.wallet_id] = per_wallet.get(paid.bet.wallet_id, 0) + paid.amount
    legs = [Leg(escrow, -staked)]
    legs += [Leg(Account(pk=wallet_id), amount) for wallet_id, amount in sorted(per_wallet.items())]
    if staked != paid_out:
        legs.append(Leg(house, staked - paid_out))
    return legs


CLOSE_BATCH = 2000


def _close_bets(results: list[Payout], settlement: Settlement) -> None:
    """Each bet's status and payout, thousands per statement: ``UPDATE ... FROM`` a ``VALUES``
    (PostgreSQL, and SQLite since 3.33), where Django's ``bulk_update`` would build a
    ``CASE`` per row and take seconds for a fixture of 10,000 bets."""
    table = Bet._meta.db_table
    now = timezone.now()
    with connection.cursor() as cursor:
        for start in range(0, len(results), CLOSE_BATCH):
            batch = results[start : start + CLOSE_BATCH]
            rows = ", ".join(
                ["(CAST(%s AS bigint), CAST(%s AS varchar(9)), CAST(%s AS bigint))"] * len(batch)
            )
            values: list[object] = []
            for paid in batch:
                values += [paid.bet.pk, str(paid.status), paid.amount]
            cursor.execute(
                f"WITH closing (id, status, payout) AS (VALUES {rows}) "
                f"UPDATE {table} SET status = closing.status, payout = closing.payout, "
                f"closed_at = CAST(%s AS timestamp with time zone), "
                f"settlement_id = CAST(%s AS bigint) "
                f"FROM closing WHERE {table}.id = closing.id",
                [*values, now, settlement.pk],
            )


@transaction.atomic
def settlement_reverse(
    *, fixture_id: int, reason: str, correction: ResultCorrection | None = None
) -> Settlement | None:
    """Undo the fixture's active settlement with mirror entries and open its bets again (a
    corrected result, ``correction`` when one asked it); ``fixture_settle`` then pays by the
    new result."""
    fixture = (
        Fixture.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .get(pk=fixture_id)
    )
    settlement = Settlement.objects.filter(fixture=fixture, reversed_at=None).first()
    if settlement is None:
        return None
    entries = list(
        Entry.objects.filter(
            transaction__betting_link__settlement=settlement,
            transaction__reason=reasons.SETTLEMENT,
        )
        .select_related("account")
        .order_by("pk")
    )
    house = ledger.system_accounts(fixture.season.league)[Account.Kind.HOUSE]
    locked = ledger.lock_accounts([house.pk, *(entry.account_id for entry in entries)])
    if entries:
        postings.post(
            fixture.season.league,
            [
                (
                    Posting(reasons.REVERSAL, _mirror(entries, locked, house), fixture.pk),
                    Link(settlement_id=settlement.pk),
                )
            ],
        )
    history.bets_record_reopened(settlement=settlement, league_id=fixture.season.league_id)
    Bet.objects.filter(settlement=settlement).update(
        status=Bet.Status.OPEN, payout=None, closed_at=None, settlement=None
    )
    settlement.reversed_at = timezone.now()
    settlement.reason = reason[:300]
    settlement.reversed_by = correction
    settlement.save(update_fields=["reversed_at", "reason", "reversed_by"])
    return settlement


def _mirror(entries: list[Entry], locked: dict[int, Account], house: Account) -> list[Leg]:
    """The settlement's legs negated. A wallet that has since spent its winnings gives back
    what it holds (it can never go below zero): the house bears the rest."""
    legs: dict[int, int] = {}
    for entry in entries:
        amount = -entry.amount
        if entry.account.kind == Account.Kind.WALLET and amount < 0:
            taken = min(-amount, max(locked[entry.account_id].balance, 0))
            legs[house.pk] = legs.get(house.pk, 0) - (-amount - taken)
            amount = -taken
        legs[entry.account_id] = legs.get(entry.account_id, 0) + amount
    return [Leg(Account(pk=pk), amount) for pk, amount in legs.items() if amount]


@transaction.atomic
def fixture_resettle(*, fixture_id: int, reason: str) -> Settlement | None:
    """A corrected result: the settlement reversed, then the bets paid by the new result."""
    settlement_reverse(fixture_id=fixture_id, reason=reason)
    return fixture_settle(fixture_id=fixture_id)


@transaction.atomic
def correction_resettle(*, correction_id: int) -> Settlement | None:
    """Pay the fixture's bets again after a result correction or void, exactly once.

    Under the fixture's lock, the correction's witness (``Resettlement``) is claimed by a
    conditional ``UPDATE`` in the transaction of the payments: if it is done already (or was
    never asked), nothing happens; if this transaction fails, it stays pending for the sweep.
    A settlement already written for a later correction of the fixture did the work, and a
    correction whose result was voided since leaves the bets to the void. Otherwise the active
    settlement is reversed and the bets paid by the result as it stands (none after a void
    not replayed yet: they stay open), the new settlement naming the correction. The bettors
    whose bets were reopened are told once (``bet.resettled`` or ``bet.reopened``, keyed by the
    correction): the old and new result, what their bets paid before and pay now."""
    correction = (
        ResultCorrection.objects.filter(pk=correction_id)
        .only("pk", "fixture_id", "result_id", "kind", "reason", "before", "after")
        .first()
    )
    if correction is None:
        return None
    Fixture.objects.select_for_update(of=("self",)).filter(pk=correction.fixture_id).first()
    claimed = Resettlement.objects.filter(pk=correction.pk, done_at=None).update(
        done_at=timezone.now()
    )
    if not claimed:
        return None
    done = Settlement.objects.filter(
        fixture_id=correction.fixture_id, correction_id__gte=correction.pk
    )
    current = Result.objects.filter(fixture_id=correction.fixture_id).values_list("pk", flat=True)
    voided_since = (
        correction.kind != ResultCorrection.Kind.VOIDED and correction.result_id not in current
    )
    if done.exists() or voided_since:
        return None
    paid_before = list(
        Bet.objects.filter(
            fixture_id=correction.fixture_id, settlement__reversed_at=None
        ).values_list("pk", "user_id", "payout")
    )
    settlement_reverse(
        fixture_id=correction.fixture_id, reason=correction.reason, correction=correction
    )
    settled = fixture_settle(fixture_id=correction.fixture_id, tell_bettors=False)
    if settled is not None:
        settled.correction = correction
        settled.save(update_fields=["correction"])
    paid_now = dict(
        Bet.objects.filter(pk__in=[pk for pk, _, _ in paid_before]).values_list("pk", "payout")
    )
    resettlement_publish(correction=correction, paid_before=paid_before, paid_now=paid_now)
    return settled
