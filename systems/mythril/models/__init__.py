"""The Mythril league's models, one module per concern; import them from here."""

from systems.mythril.models.matches import (
    MatchdayEntry,
    PostMatchRun,
    ResultReport,
    TeamBet,
    TeamBetSettlement,
    Trophy,
    TrophyMatch,
)
from systems.mythril.models.roster import (
    Champion,
    ExperienceTable,
    PitchType,
    Position,
    Skill,
    TeamList,
)
from systems.mythril.models.teams import (
    LevelUp,
    MythrilSettings,
    Player,
    PlayerStatus,
    TeamProfile,
)

__all__ = [
    "Champion",
    "ExperienceTable",
    "LevelUp",
    "MatchdayEntry",
    "MythrilSettings",
    "PitchType",
    "Player",
    "PlayerStatus",
    "Position",
    "PostMatchRun",
    "ResultReport",
    "Skill",
    "TeamBet",
    "TeamBetSettlement",
    "TeamList",
    "TeamProfile",
    "Trophy",
    "TrophyMatch",
]
