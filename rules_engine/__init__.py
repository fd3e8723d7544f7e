"""A pure-Python rules engine for tabletop fantasy sports and mass battles.

No Django import lives here. Every random draw goes through :class:`rules_engine.dice.Dice`;
rule systems are found by name through :func:`rules_engine.systems.get_system`.
"""

from rules_engine.dice import Dice, Purpose, Roll
from rules_engine.errors import IllegalAction, InvalidInput, RulesError, ScriptExhausted
from rules_engine.systems import (
    MatchOutcome,
    PointsTable,
    Resolution,
    RosterIssue,
    RuleSystem,
    get_system,
    system_names,
)

__all__ = [
    "Dice",
    "IllegalAction",
    "InvalidInput",
    "MatchOutcome",
    "PointsTable",
    "Purpose",
    "Resolution",
    "Roll",
    "RosterIssue",
    "RuleSystem",
    "RulesError",
    "ScriptExhausted",
    "get_system",
    "system_names",
]
