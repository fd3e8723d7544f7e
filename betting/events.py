"""What betting tells people (``core.events``): a fixture's bets settled, as ONE event for the
whole settlement (10,000 bets stay one event): each bettor reads their own bets' count and
payout (``per_recipient``), a webhook gets every bet (``webhook``). A correction or void that
pays the bets again is one event too, keyed by the correction, telling each bettor the old and
new result and what their bets paid before and pay now."""

from collections.abc import Sequence
from typing import Any

from django.urls import reverse

from core.events import publish
from matches.events import fixture_data
from matches.models import Fixture, ResultCorrection


def settlement_publish(
    *,
    fixture: Fixture,
    settlement_id: int,
    outcome: str,
    results: Sequence[Any],
    tell_bettors: bool = True,
) -> None:
    """``results``: the settlement's payouts (``.bet`` with ``user_id``, ``.amount``, ``.status``).
    ``tell_bettors=False``: for the webhooks only (a re-settlement tells its bettors itself)."""
    mine: dict[str, dict[str, int]] = {}
    for paid in results:
        line = mine.setdefault(str(paid.bet.user_id), {"bets": 0, "payout": 0})
        line["bets"] += 1
        line["payout"] += paid.amount
    publish(
        "bet.settled",
        key=f"bet.settled:{settlement_id}",
        league_id=fixture.season.league_id,
        recipients=[paid.bet.user_id for paid in results] if tell_bettors else [],
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


def score(snapshot: dict[str, Any] | None) -> str:
    """``2–1``: a correction's snapshot of a result as people write it (``""``: none)."""
    if not snapshot:
        return ""
    return f"{snapshot['home_score']}–{snapshot['away_score']}"


def resettlement_publish(
    *,
    correction: ResultCorrection,
    paid_before: Sequence[tuple[int, int, int | None]],
    paid_now: dict[int, int | None],
) -> None:
    """Tell the bettors of a reversed settlement what the correction did to their bets, once
    per correction: ``bet.resettled`` (paid again by the corrected result) or ``bet.reopened``
    (a void: open again until the replay). ``paid_before``: ``(bet, user, payout)`` of the
    reversed settlement; ``paid_now``: each bet's payout now (``None``: open)."""
    mine: dict[str, dict[str, int]] = {}
    for bet_id, user_id, payout in paid_before:
        line = mine.setdefault(str(user_id), {"bets": 0, "old_payout": 0, "new_payout": 0})
        line["bets"] += 1
        line["old_payout"] += payout or 0
        line["new_payout"] += paid_now.get(bet_id) or 0
    if not mine:
        return
    voided = correction.kind == ResultCorrection.Kind.VOIDED
    kind = "bet.reopened" if voided else "bet.resettled"
    fixture = Fixture.objects.select_related("season", "home", "away").get(pk=correction.fixture_id)
    publish(
        kind,
        key=f"{kind}:{correction.pk}",
        league_id=fixture.season.league_id,
        recipients=[int(user_id) for user_id in mine],
        url=reverse("betting:my_bets"),
        data={
            **fixture_data(fixture),
            "correction": correction.pk,
            "reason": correction.reason,
            "before": score(correction.before),
            "after": score(correction.after),
            "per_recipient": mine,
        },
    )
