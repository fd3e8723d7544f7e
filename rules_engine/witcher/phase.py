"""The state of a battle under way: the record of each phase, and the pauses of a run.

:class:`PhaseState` is what :class:`~rules_engine.witcher.run.BattleRun` mutates while a
phase is played; :meth:`PhaseState.freeze` turns a finished phase into a
:class:`~rules_engine.witcher.result.PhaseResult`. :class:`Pending` names the decision the
game master owes a paused run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from rules_engine.witcher.army import Skill
from rules_engine.witcher.battle import SIDES, Side
from rules_engine.witcher.plan import PhaseSetup
from rules_engine.witcher.result import SKIPPED, PhaseResult, sides_dict

PLANNED = "planned"


class Decision(StrEnum):
    CRUCIAL_MOMENT = "crucial_moment"
    PHASE3_SKILL = "phase3_skill"


class RunStatus(StrEnum):
    RUNNING = "running"
    AWAITING_CRUCIAL_MOMENT = "awaiting_crucial_moment"
    AWAITING_PHASE3_SKILL = "awaiting_phase3_skill"
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the game master owes the run before it can go on."""

    decision: Decision
    phase: int
    chooser: Side | None = None  # phase-3 skill: the phase-2 winner
    attacker_chance: float | None = None  # crucial moment: its planned chance

    def to_dict(self) -> dict[str, Any]:
        return {
            "decision": self.decision.value,
            "phase": self.phase,
            "chooser": None if self.chooser is None else self.chooser.value,
            "attacker_chance": self.attacker_chance,
        }


class Contender(NamedTuple):
    """One side of the phase's exchange rounds, as each round reads it (fixed for the phase:
    read once when the phase starts rather than looked up at every roll)."""

    side: Side
    army: str  # the army's name, as the summaries say it
    commander: str  # whose Luck the roll may spend
    base: int  # the commander's base in the phase's skill
    dc: int


def contenders(setup: PhaseSetup, skill: Skill, armies: dict[Side, str]) -> tuple[Contender, ...]:
    """Both sides of ``setup`` played with ``skill``, attacker first (``armies``: names)."""
    return tuple(
        Contender(side, armies[side], setup.commanders[side].name,
                  setup.commanders[side].base(skill), setup.dc[side])
        for side in SIDES
    )  # fmt: skip


@dataclass(slots=True)
class PhaseState:
    setup: PhaseSetup
    skill: Skill
    chosen_by: Side | None
    moment: str | None  # None (not planned), PLANNED, SKIPPED or a side's value
    totals: dict[Side, int] = field(default_factory=lambda: dict.fromkeys(SIDES, 0))
    rounds: int = 0
    winner: Side | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    contenders: tuple[Contender, ...] = ()  # see contenders(); set by the run

    @property
    def number(self) -> int:
        return self.setup.phase

    def moment_value(self) -> Any:
        if self.moment in (None, SKIPPED, PLANNED):
            return self.moment
        return {"winner": self.moment}

    def to_dict(self) -> dict[str, Any]:
        # str() of a StrEnum member is its value, without the cost of Enum.value's property
        setup, commanders = self.setup, self.setup.commanders
        return {
            "phase": self.number,
            "skill": str(self.skill),
            "skill_chosen_by": None if self.chosen_by is None else str(self.chosen_by),
            "commanders": {
                "attacker": commanders[Side.ATTACKER].name,
                "defender": commanders[Side.DEFENDER].name,
            },
            "dc": sides_dict(setup.dc),
            "modifiers": setup.modifiers_dict(),
            "rounds": self.rounds,
            "totals": sides_dict(self.totals),
            "winner": None if self.winner is None else str(self.winner),
            "crucial_moment": self.moment_value(),
            "events": list(self.events),
        }

    def freeze(self) -> PhaseResult:
        assert self.winner is not None
        moment: Side | str | None = self.moment
        if self.moment in (Side.ATTACKER.value, Side.DEFENDER.value):
            moment = Side(self.moment)
        return PhaseResult(
            phase=self.number,
            skill=self.skill,
            skill_chosen_by=self.chosen_by,
            commanders={side: self.setup.commanders[side].name for side in SIDES},
            dc=dict(self.setup.dc),
            modifiers={side: dict(terms) for side, terms in self.setup.modifiers.items()},
            rounds=self.rounds,
            totals=dict(self.totals),
            winner=self.winner,
            crucial_moment=moment,
            events=tuple(self.events),
        )
