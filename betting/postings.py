"""Betting's postings to the ledger, each with what it concerns: the ledger writes the money
(``ledger.services.post``), betting the link from each transaction to its bet or settlement
(``TransactionLink``), in the caller's database transaction."""

from collections.abc import Sequence
from dataclasses import dataclass

from betting.models import TransactionLink
from league.models import League
from ledger import services as ledger
from ledger.models import Transaction
from ledger.services import Posting


@dataclass(frozen=True)
class Link:
    """What a posting concerns: a bet (stake, cancel) or a settlement (settlement, reversal)."""

    bet_id: int | None = None
    settlement_id: int | None = None


def post(league: League, postings: Sequence[tuple[Posting, Link]]) -> list[Transaction]:
    """Post each posting and link its transaction to what it concerns (one more insert for
    all of them)."""
    rows = ledger.post(league, [posting for posting, _link in postings])
    TransactionLink.objects.bulk_create(
        TransactionLink(transaction=row, bet_id=link.bet_id, settlement_id=link.settlement_id)
        for row, (_posting, link) in zip(rows, postings, strict=True)
        if link.bet_id is not None or link.settlement_id is not None
    )
    return rows
