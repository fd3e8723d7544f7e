"""``ledger_audit``: everything the ledger promises, recomputed from the entries."""

from typing import Any

from django.db.models import Count, Exists, F, OuterRef, Q, Sum

from betting.models import Account, Bet, Entry, Settlement, Transaction


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
    for bet in (
        Bet.objects.filter(status__in=Bet.SETTLED)
        .annotate(
            payments=Count(
                "transactions",
                filter=Q(
                    transactions__reason=Transaction.Reason.SETTLEMENT,
                    transactions__settlement__reversed_at=None,
                ),
            )
        )
        .exclude(payments=1)[:20]
    ):
        problems.append(f"bet {bet.pk} ({bet.status}) has {bet.payments} active settlements")
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
