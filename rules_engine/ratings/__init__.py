"""Ratings of teams and coaches: Glicko-2 over rating periods, expected scores, and the draw
model that turns them into the three outcome probabilities of a game.

Not a rule system: ``python -m rules_engine ratings glicko2|expect`` reaches
:data:`COMMANDS` through :data:`rules_engine.cli.TOOL_MODULES`.
"""

from rules_engine.ratings.commands import COMMANDS
from rules_engine.ratings.draws import DrawModel, Probabilities, fit, outcome_probabilities
from rules_engine.ratings.glicko2 import (
    DEFAULT_TAU,
    NEW_ENTRANT,
    Game,
    Rating,
    Result,
    expected,
    rate,
    rate_period,
)

__all__ = [
    "COMMANDS",
    "DEFAULT_TAU",
    "NEW_ENTRANT",
    "DrawModel",
    "Game",
    "Probabilities",
    "Rating",
    "Result",
    "expected",
    "fit",
    "outcome_probabilities",
    "rate",
    "rate_period",
]
