"""The registry of rule systems, found by name like python-chess finds its variants.

Every rule system is a module of this package exposing one object that follows
:class:`RuleSystem`. The Django side only ever talks to that protocol, so adding a rule
system means adding a module and one line to :data:`SYSTEM_MODULES`.
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar, Protocol, runtime_checkable

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput


class Resolution(StrEnum):
    """How a rule system's matches get a result."""

    SIMULATED = "simulated"  # the engine plays the whole match
    RECORDED = "recorded"  # players play at the table and enter the result
    STEPPED = "stepped"  # simulated, with pauses for decisions (battles)


@dataclass(frozen=True, slots=True)
class RosterIssue:
    """One problem with a roster. ``blocking`` issues are errors; the rest are warnings.

    ``code`` and ``params`` are those of the :class:`~rules_engine.errors.InvalidInput` behind
    it, when it has them: what a game's app translates (``message`` is the engine's English)."""

    field: str
    message: str
    blocking: bool = True
    code: str = ""
    # dataclasses.field: the class's own ``field`` attribute hides the function here
    params: Mapping[str, int | str] = dataclasses.field(default_factory=dict, hash=False)

    def __str__(self) -> str:
        """The issue in the engine's words, as its error says it: ``field: message``."""
        return f"{self.field}: {self.message}"

    @classmethod
    def of(cls, error: InvalidInput) -> RosterIssue:
        """The blocking issue an invalid roster raised."""
        return cls(error.field, error.message, code=error.code, params=error.params)


@dataclass(frozen=True, slots=True)
class PointsTable:
    """Standings points per result, a league setting."""

    win: int = 3
    draw: int = 1
    loss: int = 0


@dataclass(slots=True)
class MatchOutcome:
    """What resolving a match produced: scores, winner, and the full replayable record."""

    home_score: int
    away_score: int
    winner: str | None  # "home", "away" or None for a draw
    decided_by: str
    seed: int
    record: dict[str, Any] = field(default_factory=dict)  # the system's full JSON result


@runtime_checkable
class RuleSystem(Protocol):
    """The protocol every rule system module implements.

    ``validate_roster`` and ``standings_points`` apply to all systems.
    ``resolve_match`` plays a simulated match; recorded systems validate an entered result
    instead (``record_result``). ``post_match`` runs the sequence after a result (injuries,
    experience, ...) and returns what changed; systems without one return an empty dict.
    """

    name: ClassVar[str]
    label: ClassVar[str]
    resolution: ClassVar[Resolution]

    def validate_roster(self, roster: Mapping[str, Any]) -> list[RosterIssue]: ...

    def resolve_match(
        self,
        home: Mapping[str, Any],
        away: Mapping[str, Any],
        *,
        dice: Dice,
        options: Mapping[str, Any],
    ) -> MatchOutcome: ...

    def post_match(
        self, outcome: MatchOutcome, *, dice: Dice, options: Mapping[str, Any]
    ) -> dict[str, Any]: ...

    def standings_points(self, outcome: MatchOutcome, points: PointsTable) -> tuple[int, int]: ...


SYSTEM_MODULES: dict[str, str] = {
    "rotzball": "rules_engine.rotzball",
    "killpower": "rules_engine.killpower",
    "witcher": "rules_engine.witcher",
    "mythril": "rules_engine.mythril",
    "tutatis": "rules_engine.tutatis",
}
"""Name -> module path. Later rule systems (witcher, killpower, mythril, tutatis) add a line."""


def system_names() -> list[str]:
    return list(SYSTEM_MODULES)


def get_system(name: str) -> RuleSystem:
    """The rule system called ``name``; :class:`InvalidInput` on ``rule_system`` if unknown."""
    try:
        module_path = SYSTEM_MODULES[name]
    except KeyError:
        known = ", ".join(SYSTEM_MODULES)
        raise InvalidInput(
            "rule_system", f"unknown rule system {name!r} (known: {known})"
        ) from None
    system: RuleSystem = importlib.import_module(module_path).SYSTEM
    return system


def standard_points(outcome: MatchOutcome, points: PointsTable) -> tuple[int, int]:
    """Home and away standings points for a win/draw/loss result."""
    if outcome.winner is None:
        return points.draw, points.draw
    if outcome.winner == "home":
        return points.win, points.loss
    return points.loss, points.win
