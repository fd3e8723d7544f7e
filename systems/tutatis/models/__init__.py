from systems.tutatis.models.lists import ENTRY_FIELDS, ListEntry, Role, TeamList
from systems.tutatis.models.matches import Action, MatchRoll, PostMatchRun, ResultReport
from systems.tutatis.models.teams import LeagueRules, Player, TutatisTeam

__all__ = [
    "ENTRY_FIELDS",
    "Action",
    "LeagueRules",
    "ListEntry",
    "MatchRoll",
    "Player",
    "PostMatchRun",
    "ResultReport",
    "Role",
    "TeamList",
    "TutatisTeam",
]
