"""Betting's postings to the ledger, each with what it concerns: the ledger writes the money
(``ledger.services.post``), betting the link from each transaction to its bet or settlement
(``TransactionLink``), in the caller's database transaction."""

from collections.abc import Sequence
from dataclasses import dataclass

from betting.models import TransactionLink
from core.bulk import rows_insert_values
from league.models import League
from ledger import services as ledger
from ledger.models import Transaction
from ledger.services import Posting

FEW_LINKS = 20
"""Up to this many links go in as a plain ``INSERT ... VALUES`` (``core.bulk``), more through
``bulk_create``."""


@dataclass(frozen=True)
class Link:
    """What a posting concerns: a bet (stake, cancel) or a settlement (settlement, reversal)."""

    bet_id: int | None = None
    settlement_id: int | None = None


def post(league: League, postings: Sequence[tuple[Posting, Link]]) -> list[Transaction]:
    """Post each posting and link its transaction to what it concerns (one more insert for
    all of them)."""
    rows = ledger.post(league, [posting for posting, _link in postings])
    links = [
        TransactionLink(transaction=row, bet_id=link.bet_id, settlement_id=link.settlement_id)
        for row, (_posting, link) in zip(rows, postings, strict=True)
        if link.bet_id is not None or link.settlement_id is not None
    ]
    if len(links) <= FEW_LINKS:  # a bet's one link: a plain INSERT costs a third of bulk_create's
        rows_insert_values(TransactionLink, links)
    else:  # a settlement's thousands: bulk_create's one statement
        TransactionLink.objects.bulk_create(links)
    return rows
