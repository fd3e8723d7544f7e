"""What a resolved battle produced: three phases, the winner, the kind of victory, casualties.

:meth:`BattleResult.to_dict` is the JSON of ``python -m rules_engine witcher resolve``::

    {"sr", "phases": [three of {"phase", "skill", "skill_chosen_by", "commanders", "dc",
     "modifiers", "rounds", "totals", "winner", "crucial_moment", "events"}],
     "winner", "phases_won", "crushing", "casualties" (only when asked), "seed", "rolls"}

``crucial_moment`` is null (none planned), ``"skipped"`` (planned, the phase ended first or
the game master dropped it) or ``{"winner": side}``. ``events`` is the phase's log in order:
phase 3 opens with the skill choice (``kind: "phase3_skill"``, ``decided_by`` ``auto``,
``preset`` or ``gm``), then exchange rounds (``kind: "round"``: both rolls with their
criticals and Luck, the totals, ``round_limit``) and the crucial moment (``kind:
"crucial_moment"``, ``decided_by`` ``chance`` with its d100 ``roll``, or ``gm``). Every event
carries a one-line ``summary``. ``rolls`` is the roll log: ``die``, ``value`` and ``purpose``,
a code with its parameters (:mod:`~rules_engine.witcher.purposes`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules_engine.witcher.army import PHASES, Skill
from rules_engine.witcher.battle import SIDES, Side
from rules_engine.witcher.casualties import SideCasualties

SKIPPED = "skipped"


class Victory(StrEnum):
    VICTORY = "victory"  # two phases of three
    CRUSHING = "crushing"  # all three phases


def sides_dict[T](values: dict[Side, T]) -> dict[str, T]:
    return {"attacker": values[Side.ATTACKER], "defender": values[Side.DEFENDER]}


@dataclass(frozen=True, slots=True)
class PhaseResult:
    phase: int
    skill: Skill
    skill_chosen_by: Side | None  # phase 3: the phase-2 winner
    commanders: dict[Side, str]
    dc: dict[Side, int]
    modifiers: dict[Side, dict[str, int]]
    rounds: int
    totals: dict[Side, int]
    winner: Side
    crucial_moment: Side | str | None  # the moment's winner, "skipped", or None: not planned
    events: tuple[dict[str, Any], ...]

    def to_dict(self) -> dict[str, Any]:
        moment = self.crucial_moment
        return {
            "phase": self.phase,
            "skill": self.skill.value,
            "skill_chosen_by": None if self.skill_chosen_by is None else self.skill_chosen_by.value,
            "commanders": sides_dict(self.commanders),
            "dc": sides_dict(self.dc),
            "modifiers": {side.value: dict(self.modifiers[side]) for side in SIDES},
            "rounds": self.rounds,
            "totals": sides_dict(self.totals),
            "winner": self.winner.value,
            "crucial_moment": {"winner": moment.value} if isinstance(moment, Side) else moment,
            "events": list(self.events),
        }


@dataclass(frozen=True, slots=True)
class BattleResult:
    sr: int
    phases: tuple[PhaseResult, PhaseResult, PhaseResult]
    winner: Side
    phases_won: dict[Side, int]
    victory: Victory
    casualties: dict[Side, SideCasualties] | None
    seed: int
    rolls: list[dict[str, Any]]

    @property
    def crushing(self) -> bool:
        return self.victory is Victory.CRUSHING

    def to_dict(self) -> dict[str, Any]:
        return battle_json(
            sr=self.sr,
            phases=[phase.to_dict() for phase in self.phases],
            phases_won=self.phases_won,
            casualties=self.casualties,
            seed=self.seed,
            rolls=self.rolls,
        )


def battle_winner(phases_won: dict[Side, int]) -> Side:
    return Side.ATTACKER if phases_won[Side.ATTACKER] >= 2 else Side.DEFENDER


def battle_json(
    *,
    sr: int,
    phases: list[dict[str, Any]],
    phases_won: dict[Side, int],
    casualties: dict[Side, SideCasualties] | None,
    seed: int,
    rolls: list[dict[str, Any]],
) -> dict[str, Any]:
    """A resolved battle's JSON (see the module docstring), from its phases' JSON: what
    :meth:`BattleResult.to_dict` returns, and what a finished run writes without building
    the :class:`BattleResult`."""
    winner = battle_winner(phases_won)
    data: dict[str, Any] = {
        "sr": sr,
        "phases": phases,
        "winner": str(winner),  # a StrEnum's str() is its value
        "phases_won": sides_dict(phases_won),
        "crushing": phases_won[winner] == len(PHASES),
    }
    if casualties is not None:
        data["casualties"] = {
            "attacker": casualties[Side.ATTACKER].to_dict(),
            "defender": casualties[Side.DEFENDER].to_dict(),
        }
    data["seed"] = seed
    data["rolls"] = rolls
    return data
