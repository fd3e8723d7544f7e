"""Tournament pairings: a Swiss round paired by the rules of :mod:`.swiss`.

Not a rule system: ``python -m rules_engine pairings swiss`` reaches :data:`COMMANDS` through
:data:`rules_engine.cli.TOOL_MODULES`.
"""

from rules_engine.tournaments.commands import COMMANDS
from rules_engine.tournaments.swiss import Pairing, Player, Shape, bye_player, pair

__all__ = ["COMMANDS", "Pairing", "Player", "Shape", "bye_player", "pair"]
