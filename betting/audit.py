"""Betting's part of ``ledger_audit`` (registered with ``ledger.audit``): every settled bet has
its active settlement, each active settlement paid each wallet what its bets say, once, and
the outcome its fixture has now; each fixture's open-stakes account holds its open bets. The
champion markets alike: each season's open-stakes account holds its open champion bets, and a
season's active settlement paid the champion its finish crowned (or refunded all of them)."""

from django.db.models import Count, Exists, F, OuterRef, Q, Sum

from betting import reasons
from betting.futures import champion_outcome
from betting.models import Bet, Settlement, TransactionLink
from betting.settlement import outcome_of
from ledger.audit import LIMIT, Findings
from ledger.models import Account, Entry


def betting_audit() -> Findings:
    problems: list[str] = []
    unpaid = Bet.objects.filter(status__in=Bet.SETTLED).filter(
        Q(settlement__isnull=True) | Q(settlement__reversed_at__isnull=False)
    )
    for bet in unpaid[:LIMIT]:
        problems.append(f"bet {bet.pk} ({bet.status}) has no active settlement")
    problems += _settlements_match_their_bets()
    problems += _settlements_match_their_results()
    held = (
        Account.objects.filter(kind=Account.Kind.ESCROW, fixture__isnull=False)
        .annotate(
            open_stakes=Sum(
                "fixture__bets__stake", filter=Q(fixture__bets__status="open"), default=0
            )
        )
        .exclude(balance=F("open_stakes"))
    )
    for account in held[:LIMIT]:
        problems.append(
            f"fixture {account.fixture_id}: open stakes {account.open_stakes}, held {account.balance}"
        )
    stale = Bet.objects.filter(status=Bet.Status.OPEN, fixture__isnull=False).filter(
        Exists(Settlement.objects.filter(fixture=OuterRef("fixture"), reversed_at=None))
    )
    for bet in stale[:LIMIT]:
        problems.append(f"bet {bet.pk} is open on fixture {bet.fixture_id}, which was settled")
    problems += _champion_markets()
    return Findings(
        problems=problems,
        counts={
            "bets": Bet.objects.count(),
            "champion_bets": Bet.objects.filter(season__isnull=False).count(),
        },
    )


def _champion_markets() -> list[str]:
    """Each season's open-stakes account holds its open champion bets; no champion bet stays
    open on a season whose market was paid; each active season settlement paid what the
    season's finish says (its champion, or every stake back without one)."""
    problems = []
    held = (
        Account.objects.filter(kind=Account.Kind.ESCROW, season__isnull=False)
        .annotate(
            open_stakes=Sum("season__bets__stake", filter=Q(season__bets__status="open"), default=0)
        )
        .exclude(balance=F("open_stakes"))
    )
    for account in held[:LIMIT]:
        problems.append(
            f"season {account.season_id}: open champion stakes {account.open_stakes}, "
            f"held {account.balance}"
        )
    stale = Bet.objects.filter(status=Bet.Status.OPEN, season__isnull=False).filter(
        Exists(Settlement.objects.filter(season=OuterRef("season"), reversed_at=None))
    )
    for bet in stale[:LIMIT]:
        problems.append(f"bet {bet.pk} is open on season {bet.season_id}, which was settled")
    active = Settlement.objects.filter(reversed_at=None, season__isnull=False).select_related(
        "season"
    )
    for settlement in active.order_by("pk")[:10000]:
        now = champion_outcome(settlement.season)
        if settlement.outcome != now:
            problems.append(
                f"season {settlement.season_id}: settlement {settlement.pk} paid "
                f"{settlement.outcome!r}, its finish now gives {now or 'no finish'}"
            )
    return problems[: 3 * LIMIT]


def _settlements_match_their_bets() -> list[str]:
    """Each active settlement paid each wallet the sum of its bets' payouts, once."""
    problems = []
    paid = {
        (row["settlement_id"], row["wallet_id"]): row["total"]
        for row in Bet.objects.filter(
            settlement__isnull=False, settlement__reversed_at__isnull=True, payout__gt=0
        )
        .values("settlement_id", "wallet_id")
        .annotate(total=Sum("payout"))
    }
    booked = {
        (row["transaction__betting_link__settlement_id"], row["account_id"]): row["total"]
        for row in Entry.objects.filter(
            transaction__reason=reasons.SETTLEMENT,
            transaction__betting_link__settlement__reversed_at__isnull=True,
            account__kind=Account.Kind.WALLET,
        )
        .values("transaction__betting_link__settlement_id", "account_id")
        .annotate(total=Sum("amount"))
    }
    for key in sorted(set(paid) | set(booked)):
        if paid.get(key, 0) != booked.get(key, 0):
            problems.append(
                f"settlement {key[0]}: wallet {key[1]} was paid {booked.get(key, 0)}, "
                f"its bets say {paid.get(key, 0)}"
            )
    payments = (
        TransactionLink.objects.filter(
            transaction__reason=reasons.SETTLEMENT, settlement__reversed_at__isnull=True
        )
        .values("settlement_id")
        .annotate(n=Count("pk"))
        .exclude(n=1)
    )
    for row in payments[:LIMIT]:
        problems.append(f"settlement {row['settlement_id']} was paid {row['n']} times")
    return problems


def _settlements_match_their_results() -> list[str]:
    """Each active settlement paid the outcome the fixture has now: its result's winner, or
    every stake refunded (``cancelled``) for a cancelled fixture or a result that voids the
    bets; a fixture whose result was voided keeps no active settlement. One that does not was
    paid on an old result and was not paid again (a lost or failed re-settlement)."""
    active = (
        Settlement.objects.filter(reversed_at=None, fixture__isnull=False)
        .select_related("fixture__season__league", "fixture__result")
        .only(
            "outcome",
            "fixture__status",
            "fixture__season__league__rule_system",
            "fixture__result__winner",  # its record is read only by a game that voids bets
        )
        .order_by("pk")
    )
    problems = []
    for settlement in active.iterator(chunk_size=2000):
        fixture = settlement.fixture
        result = getattr(fixture, "result", None)
        now = outcome_of(fixture, result)
        if settlement.outcome != now:
            problems.append(
                f"fixture {fixture.pk}: settlement {settlement.pk} paid {settlement.outcome!r}, "
                f"its result now gives {now or 'no result'}"
            )
    return problems[:LIMIT]
