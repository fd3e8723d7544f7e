"""``ledger_audit``: everything the ledger promises, recomputed from the entries, then the
checks the posting apps registered (betting: its bets and settlements against the ledger).

The report is one JSON object (CI reads it): ``ok``, the counts (``accounts``,
``transactions``, then each check's own), and ``problems``, each a line of text.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import F, Sum

from ledger.models import Account, Entry, Transaction

LIMIT = 20
"""At most this many problems of one kind are listed."""


@dataclass
class Findings:
    """What a registered check found: its problems and the counts it adds to the report."""

    problems: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


Check = Callable[[], Findings]
_checks: list[Check] = []


def register(check: Check) -> None:
    """Add ``check`` to every audit (an app's ``ready()``), once."""
    if check not in _checks:
        _checks.append(check)


def ledger_audit() -> dict[str, Any]:
    problems = _ledger_problems()
    counts = {"accounts": Account.objects.count(), "transactions": Transaction.objects.count()}
    for check in _checks:
        found = check()
        problems += found.problems
        counts |= found.counts
    return {"ok": not problems, **counts, "problems": problems}


def _ledger_problems() -> list[str]:
    problems: list[str] = []
    unbalanced = (
        Entry.objects.values("transaction_id").annotate(total=Sum("amount")).exclude(total=0)
    )
    for row in unbalanced[:LIMIT]:
        problems.append(f"transaction {row['transaction_id']} sums to {row['total']}")
    for row in Account.objects.values("league_id").annotate(total=Sum("balance")).exclude(total=0):
        problems.append(f"league {row['league_id']}: balances sum to {row['total']}")
    drift = Account.objects.annotate(computed=Sum("entries__amount", default=0)).exclude(
        balance=F("computed")
    )
    for account in drift[:LIMIT]:
        problems.append(
            f"account {account.pk}: balance {account.balance}, entries {account.computed}"
        )
    below = Account.objects.filter(
        kind__in=[Account.Kind.WALLET, Account.Kind.TREASURY], balance__lt=0
    )
    for account in below[:LIMIT]:
        problems.append(f"{account.kind} {account.pk} is below zero: {account.balance}")
    return problems
