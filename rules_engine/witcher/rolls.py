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

from rules_engine.dice import Dice, EntryRoller, Purpose, Roller
from rules_engine.shared_pieces import SharedPieces
from rules_engine.witcher.entries import SkillEntries
from rules_engine.witcher.purposes import Extra, with_extra

CRITICAL = 10
FUMBLE = 1


# a value built at every resolution: not frozen=True (see rules_engine.witcher's docstring)
@dataclass(slots=True, unsafe_hash=True)
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
        total = self.total
        return {
            "natural": self.natural,
            "extra": list(self.extra),
            "fumble": self.fumble or None,
            "base": self.base,
            "luck": self.luck,
            "total": total,
            "dc": self.dc,
            "points": max(0, total - self.dc),
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
    return finish_skill_roll(
        dice.d10, dice.d10(purpose), base=base, dc=dc, purpose=purpose,
        luck_left=luck_left, wanted=wanted,
    )  # fmt: skip


def finish_skill_roll(
    d10: Roller,
    natural: int,
    *,
    base: int,
    dc: int,
    purpose: Purpose,
    luck_left: int,
    wanted: int | None,
) -> SkillRoll:
    """The skill roll whose first d10 came up ``natural``: the dice of a critical or a
    fumble drawn from ``d10``, then Luck as :func:`roll_skill` spends it."""
    extra: list[int] = []
    if natural == CRITICAL:
        while True:
            value = d10(with_extra(purpose, Extra.CRITICAL))
            extra.append(value)
            if value != CRITICAL:
                break
    fumble = d10(with_extra(purpose, Extra.FUMBLE)) if natural == FUMBLE else 0
    raw = natural + sum(extra) - fumble + base
    return SkillRoll(natural, tuple(extra), fumble, base, _luck_spent(raw, luck_left, wanted), dc)


def _luck_spent(raw: int, luck_left: int, wanted: int | None) -> int:
    if wanted is not None and raw < wanted <= raw + luck_left:
        return wanted - raw
    return 0


def exchange_roll(
    roll: EntryRoller,
    entries: SkillEntries,
    base: int,
    dc: int,
    luck_left: int,
    wanted: int | None,
) -> dict[str, Any]:
    """``roll_skill(...).to_dict()`` of a commander's exchange roll (or casualty test),
    drawn by ``roll`` (a :meth:`~rules_engine.dice.Dice.entry_roller`) on the roll's
    :mod:`~rules_engine.witcher.entries`, positional for the hot loop.

    Fast path: a battle makes dozens of these rolls; their JSON is written as a literal,
    criticals and fumbles included, without a :class:`SkillRoll` and its properties
    (tests/engine/test_fast_paths.py checks both ways agree, dice and log included). A roll
    of one die (neither 10 nor 1) is the shared piece of :data:`PLAIN_ROLLS`: read-only.
    """
    first, critical, fumble_entries = entries
    natural = roll(first)
    total = natural + base
    if natural != CRITICAL and natural != FUMBLE:  # one die: a shared piece
        if wanted is not None and total < wanted <= total + luck_left:  # as _luck_spent
            return PLAIN_ROLLS[natural, base, wanted - total, dc]
        return PLAIN_ROLLS[natural, base, 0, dc]
    extra: list[int] = []
    fumble = None
    if natural == CRITICAL:  # another d10, again while 10s come (finish_skill_roll)
        value = CRITICAL
        while value == CRITICAL:
            value = roll(critical)
            extra.append(value)
            total += value
    elif natural == FUMBLE:  # one d10 taken off
        fumble = roll(fumble_entries)
        total -= fumble
    luck = 0
    if wanted is not None and total < wanted <= total + luck_left:  # as _luck_spent
        luck = wanted - total
        total = wanted
    return {"natural": natural, "extra": extra, "fumble": fumble, "base": base,
            "luck": luck, "total": total, "dc": dc,
            "points": total - dc if total > dc else 0}  # fmt: skip


def _plain_roll(natural: int, base: int, luck: int, dc: int) -> dict[str, Any]:
    total = natural + base + luck
    return {"natural": natural, "extra": [], "fumble": None, "base": base, "luck": luck,
            "total": total, "dc": dc, "points": total - dc if total > dc else 0}  # fmt: skip


PLAIN_ROLLS: SharedPieces[tuple[int, int, int, int], dict[str, Any]] = SharedPieces(_plain_roll)
"""The JSON of a skill roll of one die (natural 2 to 9), by natural, base, Luck spent and DC:
few such keys come up, and every battle writes the same pieces (see
:mod:`rules_engine.shared_pieces`)."""
