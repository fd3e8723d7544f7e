"""A battle's roll log entries, made once and shared between battles.

Each roll of a battle is logged as ``{"die": ..., "value": ..., "purpose": {...}}``, and a
battle rolls some thirty dice: its commanders' d10s, one purpose per phase, round and side,
the d100 of a crucial moment and the d6s of its casualties. Those purposes are few and come back in every battle, so the
entries of each purpose, one per face (:func:`~rules_engine.dice.roll_entries`), are made
the first time the purpose comes up, then written wherever that roll comes up again, in this
battle or in any later one (:meth:`~rules_engine.dice.Dice.entry_roller`). The log's JSON is
the same; equal entries are now one object.

So a battle's roll log is read-only: a caller that wants to edit it copies it first
(``copy.deepcopy``); editing an entry in place would edit it in every battle that holds it.
"""

from __future__ import annotations

from functools import cache

from rules_engine.dice import Purpose, RollEntries, roll_entries
from rules_engine.witcher import purposes
from rules_engine.witcher.purposes import Extra, with_extra

type SkillEntries = tuple[RollEntries, RollEntries, RollEntries]
"""The entries of a skill roll's d10s: its first die, a critical's added die, a fumble's."""

ROUNDS_KEPT = 1_000
"""A side's table of one phase holding this many rounds is emptied before it takes a new
one: battles end in a few rounds, and the round limit (100 by the default tables) ends any
phase; the bound only keeps a house rule's huge limit from keeping every round's entries."""


def skill_entries(purpose: Purpose) -> SkillEntries:
    """The d10 entries of a skill roll for ``purpose`` (see
    :func:`~rules_engine.witcher.rolls.exchange_roll`)."""
    return (
        roll_entries(10, purpose),
        roll_entries(10, with_extra(purpose, Extra.CRITICAL)),
        roll_entries(10, with_extra(purpose, Extra.FUMBLE)),
    )


class RoundEntries(dict[int, SkillEntries]):
    """One side's exchange-round entries in one phase, by round number, each round's made the
    first time it comes up (a small int key: one C-level lookup per roll)."""

    __slots__ = ("phase", "side")

    def __init__(self, phase: int, side: str) -> None:
        super().__init__()
        self.phase = phase
        self.side = side

    def __missing__(self, round_number: int) -> SkillEntries:
        if len(self) >= ROUNDS_KEPT:
            self.clear()
        purpose = purposes.exchange_round(self.phase, round_number, self.side)
        made = self[round_number] = skill_entries(purpose)
        return made


@cache
def exchange_rounds(phase: int, side: str) -> RoundEntries:
    """The exchange-round entries of ``side`` (``"attacker"``/``"defender"``) in ``phase``."""
    return RoundEntries(phase, side)


@cache
def crucial_moment(phase: int) -> RollEntries:
    """The d100 entries of a crucial moment drawn by its chance in ``phase``."""
    return roll_entries(100, purposes.crucial_moment(phase))


@cache
def casualty_test(side: str) -> SkillEntries:
    return skill_entries(purposes.casualty_test(side))


@cache
def casualties(side: str) -> RollEntries:
    """The d6 entries of ``side``'s casualty percentage."""
    return roll_entries(6, purposes.casualties(side))


@cache
def no_quarter_survivors(side: str) -> RollEntries:
    """The d6 entries of the loser's survivors under "no quarter"."""
    return roll_entries(6, purposes.no_quarter_survivors(side))
