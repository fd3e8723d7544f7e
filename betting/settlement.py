"""Paying a fixture's bets, exactly once.

``fixture_settle`` locks the fixture row, returns at once if an active ``Settlement`` already
witnesses the payment, and otherwise writes the settlement, one ledger transaction per bet and
the bets' new status in one database transaction: a second delivery, a second worker or a
retry after a crash finds the witness and pays nothing. The sweeper finds results without a
settlement, so a lost message only delays payment.

Fixed odds pay ``stake × price`` rounded down; a lost stake goes to the house. A pool pays the
winners ``(pool − house cut) × stake / winning stakes`` rounded down, the remainders to the
house, and refunds everyone when nobody won. A cancelled fixture refunds every stake.

A corrected result is handled by ``settlement_reverse`` (each transaction mirrored by new
entries, the bets open again), then ``fixture_settle`` again: entries are never edited.
"""

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from betting import ledger
from betting.ledger import Leg, Posting
from betting.models import Account, Bet, Entry, Settlement, Transaction
from matches.models import Fixture, Result

CANCELLED = "cancelled"


@dataclass(frozen=True)
class Payout:
    bet: Bet
    status: str
    amount: int


def _winning_outcome(fixture: Fixture) -> str | None:
    """The result's winner, ``"cancelled"``, or ``None`` while the fixture is not decided."""
    if fixture.status == Fixture.Status.CANCELLED:
        return CANCELLED
    result = Result.objects.filter(fixture=fixture).only("winner").first()
    return result.winner if result else None


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
def fixture_settle(*, fixture_id: int) -> Settlement | None:
    """Settle the fixture's open bets once its result is known (or it was cancelled).

    Returns the settlement written now, or ``None`` when there is nothing to do (not decided
    yet, or already settled)."""
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
    bets = list(Bet.objects.filter(fixture=fixture, status=Bet.Status.OPEN).order_by("pk"))
    settlement = Settlement.objects.create(fixture=fixture, outcome=outcome)
    if not bets:
        return settlement
    from betting.league_settings import settings_of

    results = payouts(bets, outcome, settings_of(league).house_cut_percent)
    accounts = ledger.system_accounts(league)
    house, escrow = accounts[Account.Kind.HOUSE], accounts[Account.Kind.ESCROW]
    ledger.lock_accounts([house.pk, escrow.pk, *(bet.wallet_id for bet in bets)])
    postings = []
    for paid in results:
        bet = paid.bet
        legs = [Leg(escrow, -bet.stake, bet)]
        if paid.amount:
            legs.append(Leg(Account(pk=bet.wallet_id), paid.amount, bet))
        if bet.stake != paid.amount:
            legs.append(Leg(house, bet.stake - paid.amount, bet))
        postings.append(
            Posting(
                Transaction.Reason.SETTLEMENT,
                legs,
                bet=bet,
                fixture_id=fixture.pk,
                settlement_id=settlement.pk,
            )
        )
    ledger.post(league, postings)
    now = timezone.now()
    for paid in results:
        paid.bet.status, paid.bet.payout, paid.bet.closed_at = paid.status, paid.amount, now
        paid.bet.settlement = settlement
    Bet.objects.bulk_update(
        [paid.bet for paid in results],
        ["status", "payout", "closed_at", "settlement"],
        batch_size=500,
    )
    return settlement


@transaction.atomic
def settlement_reverse(*, fixture_id: int, reason: str) -> Settlement | None:
    """Undo the fixture's active settlement with mirror entries and open its bets again (a
    corrected result); ``fixture_settle`` then pays by the new result."""
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
            transaction__settlement=settlement, transaction__reason=Transaction.Reason.SETTLEMENT
        )
        .select_related("account", "bet")
        .order_by("pk")
    )
    house = ledger.system_accounts(fixture.season.league)[Account.Kind.HOUSE]
    locked = ledger.lock_accounts([house.pk, *(entry.account_id for entry in entries)])
    ledger.post(fixture.season.league, _mirror(entries, locked, house, fixture.pk, settlement.pk))
    Bet.objects.filter(settlement=settlement).update(
        status=Bet.Status.OPEN, payout=None, closed_at=None, settlement=None
    )
    settlement.reversed_at = timezone.now()
    settlement.reason = reason[:300]
    settlement.save(update_fields=["reversed_at", "reason"])
    return settlement


def _mirror(
    entries: list[Entry],
    locked: dict[int, Account],
    house: Account,
    fixture_id: int,
    settlement_id: int,
) -> list[Posting]:
    """Each bet's settlement legs negated. A wallet that has since spent its winnings gives
    back what it holds (it can never go below zero): the house bears the rest."""
    available = {pk: account.balance for pk, account in locked.items()}
    by_bet: dict[int, list[Entry]] = {}
    for entry in entries:
        by_bet.setdefault(entry.bet_id, []).append(entry)
    postings = []
    for bet_entries in by_bet.values():
        legs: dict[int, int] = {}
        for entry in bet_entries:
            amount = -entry.amount
            if entry.account.kind == Account.Kind.WALLET and amount < 0:
                taken = min(-amount, max(available[entry.account_id], 0))
                available[entry.account_id] -= taken
                legs[house.pk] = legs.get(house.pk, 0) - (-amount - taken)
                amount = -taken
            legs[entry.account_id] = legs.get(entry.account_id, 0) + amount
        bet = bet_entries[0].bet
        postings.append(
            Posting(
                Transaction.Reason.REVERSAL,
                [Leg(Account(pk=pk), amount, bet) for pk, amount in legs.items() if amount],
                bet=bet,
                fixture_id=fixture_id,
                settlement_id=settlement_id,
            )
        )
    return postings


@transaction.atomic
def fixture_resettle(*, fixture_id: int, reason: str) -> Settlement | None:
    """A corrected result: the settlement reversed, then the bets paid by the new result."""
    settlement_reverse(fixture_id=fixture_id, reason=reason)
    return fixture_settle(fixture_id=fixture_id)
