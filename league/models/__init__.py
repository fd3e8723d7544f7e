"""The league app's models, one module per concern; import them from here.

* :mod:`league.models.core`: leagues, seasons, teams, user preferences (every rule system);
* :mod:`league.models.rotzball`: Rotzball players and line-ups;
* :mod:`league.models.killpower`: Killpower Ball gladiators and their history.
"""

from league.models.core import (
    DEFAULT_TIEBREAKERS,
    TIEBREAKER_CHOICES,
    League,
    LeagueCompetitionFormat,
    LeagueRuleSystem,
    Season,
    Team,
    UserProfile,
    default_house_rules,
    default_tiebreakers,
    hex_colour,
)
from league.models.killpower import (
    TEAM_SIZE,
    EquipmentKind,
    Gladiator,
    GladiatorEvent,
    GladiatorSpecialization,
    GladiatorStatus,
)
from league.models.rotzball import LineupSlot, Player, characteristic

__all__ = [
    "DEFAULT_TIEBREAKERS",
    "TEAM_SIZE",
    "TIEBREAKER_CHOICES",
    "EquipmentKind",
    "Gladiator",
    "GladiatorEvent",
    "GladiatorSpecialization",
    "GladiatorStatus",
    "League",
    "LeagueCompetitionFormat",
    "LeagueRuleSystem",
    "LineupSlot",
    "Player",
    "Season",
    "Team",
    "UserProfile",
    "characteristic",
    "default_house_rules",
    "default_tiebreakers",
    "hex_colour",
]
