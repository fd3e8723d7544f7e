"""``ledger_audit``: everything the ledger promises, recomputed from the entries, and each
fixture's active settlement against its result as it stands."""

from typing import Any

from django.db.models import Count, Exists, F, OuterRef, Q, Sum

from betting.models import Account, Bet, Entry, Settlement, Transaction
from betting.settlement import outcome_of


def ledger_audit() -> dict[str, Any]:
    problems: list[str] = []
    unbalanced = (
        Entry.objects.values("transaction_id").annotate(total=Sum("amount")).exclude(total=0)
    )
    for row in unbalanced[:20]:
        problems.append(f"transaction {row['transaction_id']} sums to {row['total']}")
    for row in Account.objects.values("league_id").annotate(total=Sum("balance")).exclude(total=0):
        problems.append(f"league {row['league_id']}: balances sum to {row['total']}")
    drift = Account.objects.annotate(computed=Sum("entries__amount", default=0)).exclude(
        balance=F("computed")
    )
    for account in drift[:20]:
        problems.append(
            f"account {account.pk}: balance {account.balance}, entries {account.computed}"
        )
    for account in Account.objects.filter(kind=Account.Kind.WALLET, balance__lt=0)[:20]:
        problems.append(f"wallet {account.pk} is below zero: {account.balance}")
    unpaid = Bet.objects.filter(status__in=Bet.SETTLED).filter(
        Q(settlement__isnull=True) | Q(settlement__reversed_at__isnull=False)
    )
    for bet in unpaid[:20]:
        problems.append(f"bet {bet.pk} ({bet.status}) has no active settlement")
    problems += _settlements_match_their_bets()
    problems += _settlements_match_their_results()
    held = (
        Account.objects.filter(kind=Account.Kind.ESCROW)
        .annotate(
            open_stakes=Sum(
                "fixture__bets__stake", filter=Q(fixture__bets__status="open"), default=0
            )
        )
        .exclude(balance=F("open_stakes"))
    )
    for account in held[:20]:
        problems.append(
            f"fixture {account.fixture_id}: open stakes {account.open_stakes}, held {account.balance}"
        )
    stale = Bet.objects.filter(status=Bet.Status.OPEN).filter(
        Exists(Settlement.objects.filter(fixture=OuterRef("fixture"), reversed_at=None))
    )
    for bet in stale[:20]:
        problems.append(f"bet {bet.pk} is open on fixture {bet.fixture_id}, which was settled")
    return {
        "ok": not problems,
        "accounts": Account.objects.count(),
        "transactions": Transaction.objects.count(),
        "bets": Bet.objects.count(),
        "problems": problems,
    }


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
        (row["transaction__settlement_id"], row["account_id"]): row["total"]
        for row in Entry.objects.filter(
            transaction__reason=Transaction.Reason.SETTLEMENT,
            transaction__settlement__reversed_at__isnull=True,
            account__kind=Account.Kind.WALLET,
        )
        .values("transaction__settlement_id", "account_id")
        .annotate(total=Sum("amount"))
    }
    for key in sorted(set(paid) | set(booked)):
        if paid.get(key, 0) != booked.get(key, 0):
            problems.append(
                f"settlement {key[0]}: wallet {key[1]} was paid {booked.get(key, 0)}, "
                f"its bets say {paid.get(key, 0)}"
            )
    payments = (
        Transaction.objects.filter(
            reason=Transaction.Reason.SETTLEMENT, settlement__reversed_at__isnull=True
        )
        .values("settlement_id")
        .annotate(n=Count("pk"))
        .exclude(n=1)
    )
    for row in payments[:20]:
        problems.append(f"settlement {row['settlement_id']} was paid {row['n']} times")
    return problems


def _settlements_match_their_results() -> list[str]:
    """Each active settlement paid the outcome the fixture has now: its result's winner, or
    every stake refunded (``cancelled``) for a cancelled fixture or a result that voids the
    bets; a fixture whose result was voided keeps no active settlement. One that does not was
    paid on an old result and was not paid again (a lost or failed re-settlement)."""
    active = (
        Settlement.objects.filter(reversed_at=None)
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
    return problems[:20]
