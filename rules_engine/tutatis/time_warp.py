"""Time Warp ("Le Time Warp"): re-roll tokens agreed before the match (the text advises
three or four). Spending one re-rolls a throw and the second throw stands, even when worse.

The engine keeps the count; the caller re-runs the same action with the same dice object
(:func:`rules_engine.tutatis.actions.run_action`), so the second roll is recorded after the
first and the seed replays both.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.errors import IllegalAction, InvalidInput

MIN_TOKENS = 3
MAX_TOKENS = 4


@dataclass(frozen=True, slots=True)
class TimeWarp:
    tokens: int
    used: int = 0

    def __post_init__(self) -> None:
        if not MIN_TOKENS <= self.tokens <= MAX_TOKENS and self.tokens != 0:
            raise InvalidInput(
                "time_warp_tokens", f"must be 0 (not used) or from {MIN_TOKENS} to {MAX_TOKENS}"
            )
        if not 0 <= self.used <= self.tokens:
            raise InvalidInput("time_warp_used", f"must be from 0 to {self.tokens}")

    @property
    def left(self) -> int:
        return self.tokens - self.used

    def spend(self) -> TimeWarp:
        """One token fewer; :class:`IllegalAction` when none is left."""
        if self.left == 0:
            raise IllegalAction("no Time Warp token is left for this match")
        return TimeWarp(self.tokens, self.used + 1)


def standing_roll[T](first: T, second: T) -> T:
    """After a Time Warp the second throw stands, "même s'il est pis que le précédent"."""
    del first
    return second
