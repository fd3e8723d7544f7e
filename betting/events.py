"""What betting tells people (``core.events``): a fixture's bets settled, as ONE event for the
whole settlement (10,000 bets stay one event): each bettor reads their own bets' count and
payout (``per_recipient``), a webhook gets every bet (``webhook``)."""

from collections.abc import Sequence
from typing import Any

from django.urls import reverse

from core.events import publish
from matches.events import fixture_data
from matches.models import Fixture


def settlement_publish(
    *, fixture: Fixture, settlement_id: int, outcome: str, results: Sequence[Any]
) -> None:
    """``results``: the settlement's payouts (``.bet`` with ``user_id``, ``.amount``, ``.status``)."""
    mine: dict[str, dict[str, int]] = {}
    for paid in results:
        line = mine.setdefault(str(paid.bet.user_id), {"bets": 0, "payout": 0})
        line["bets"] += 1
        line["payout"] += paid.amount
    publish(
        "bet.settled",
        key=f"bet.settled:{settlement_id}",
        league_id=fixture.season.league_id,
        recipients=[paid.bet.user_id for paid in results],
        url=reverse("betting:my_bets"),
        data={
            **fixture_data(fixture),
            "settlement": settlement_id,
            "outcome": outcome,
            "per_recipient": mine,
            "webhook": {
                "bets": [
                    {
                        "bet": paid.bet.pk,
                        "outcome": paid.bet.outcome,
                        "stake": paid.bet.stake,
                        "status": str(paid.status),
                        "payout": paid.amount,
                    }
                    for paid in results
                ]
            },
        },
    )
