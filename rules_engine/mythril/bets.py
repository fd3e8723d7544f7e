"""Team bets ("Les paris"): a team pays 10,000 to enter a matchday, then may bet on the
result of each match of that matchday (its own included), one bet a match, before kick-off.
A winning bet pays 2D6 x 10,000 at once, 2D6 x 20,000 in a trophy final. A forfeit without
any turn played cancels the bets on the match (:func:`~.results.forfeit_outcome`).
"""

from __future__ import annotations

from typing import Any

from rules_engine.dice import Dice, Purpose
from rules_engine.mythril.roster import Prices

MATCHDAY_ENTRY = 10_000
BET_UNIT = 10_000
FINAL_BET_UNIT = 20_000


def matchday_entry(prices: Prices | None = None) -> int:
    """What entering a matchday's bets costs (10,000 unless the league's prices say)."""
    return (prices or Prices()).matchday_entry


def team_bet_payout(dice: Dice, final: bool, *, bet: str = "") -> int:
    """A winning team bet's payout: 2D6 x 10,000, or x 20,000 in a trophy final.

    Both dice are recorded as ``team_bet`` (with the ``bet`` reference the caller gives).
    """
    purpose = Purpose.of("team_bet", bet=bet, final=int(final))
    return dice.nd6(2, purpose) * (FINAL_BET_UNIT if final else BET_UNIT)


def bet_settled(
    dice: Dice, bet: str, result: str, final: bool, *, ref: str = ""
) -> tuple[str, int, list[dict[str, Any]]]:
    """A team bet on ``bet`` (``home``, ``away`` or ``draw``) settled on the match's
    ``result`` (its winner, ``draw``, or ``cancelled`` by a forfeit without any turn played):
    its status (``won``, ``lost``, ``cancelled``), its payout and the dice of the payout."""
    if result == "cancelled":
        return "cancelled", 0, []
    if bet != result:
        return "lost", 0, []
    before = len(dice.log())
    payout = team_bet_payout(dice, final, bet=ref)
    return "won", payout, dice.log()[before:]
