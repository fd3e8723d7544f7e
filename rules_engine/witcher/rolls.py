"""A skill test of the Witcher rules: 1D10 + base, with criticals and Luck.

Criticals (RULES_NOTES 2, "la règle des Réussites et des Échecs Critiques"): a natural 10
adds another 1D10, again while 10s come; a natural 1 subtracts another 1D10, once.

Luck (+1 per point spent) under the automatic policy is spent after the roll and only when
it lifts the total to what the roll needs (one point scored in an exchange, the DC met in a
casualty test); otherwise nothing is spent.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_engine.dice import Dice, Purpose
from rules_engine.witcher.purposes import Extra, with_extra

CRITICAL = 10
FUMBLE = 1


@dataclass(frozen=True, slots=True)
class SkillRoll:
    natural: int
    extra: tuple[int, ...]  # the d10s added after a natural 10
    fumble: int  # the d10 subtracted after a natural 1 (0: none)
    base: int
    luck: int
    dc: int

    @property
    def total(self) -> int:
        return self.natural + sum(self.extra) - self.fumble + self.base + self.luck

    @property
    def margin(self) -> int:
        return self.total - self.dc

    @property
    def points(self) -> int:
        """Exchange points: what the total beats the DC by, never below zero."""
        return max(0, self.margin)

    def to_dict(self) -> dict[str, Any]:
        return {
            "natural": self.natural,
            "extra": list(self.extra),
            "fumble": self.fumble or None,
            "base": self.base,
            "luck": self.luck,
            "total": self.total,
            "dc": self.dc,
            "points": self.points,
        }


def roll_skill(
    dice: Dice,
    *,
    base: int,
    dc: int,
    purpose: Purpose,
    luck_left: int = 0,
    wanted: int | None = None,
) -> SkillRoll:
    """Roll 1D10 + ``base`` against ``dc``. With ``wanted`` (a total), spend the Luck that
    lifts the total to it, if ``luck_left`` covers it; None spends no Luck. The dice of a
    critical or a fumble carry ``purpose`` with its ``extra``."""
    natural = dice.d10(purpose)
    extra: list[int] = []
    if natural == CRITICAL:
        while True:
            value = dice.d10(with_extra(purpose, Extra.CRITICAL))
            extra.append(value)
            if value != CRITICAL:
                break
    fumble = dice.d10(with_extra(purpose, Extra.FUMBLE)) if natural == FUMBLE else 0
    raw = natural + sum(extra) - fumble + base
    luck = 0
    if wanted is not None and raw < wanted <= raw + luck_left:
        luck = wanted - raw
    return SkillRoll(natural, tuple(extra), fumble, base, luck, dc)
