"""Killpower Ball's models, one module per concern; import them from here."""

from systems.killpower.models.gladiators import (
    TEAM_SIZE,
    EquipmentKind,
    Gladiator,
    GladiatorEvent,
    GladiatorSpecialization,
    GladiatorStatus,
    KillpowerTeam,
    ranking_points_of,
)
from systems.killpower.models.reports import PostMatchRun, ResultReport
from systems.killpower.models.tournaments import Tournament, TournamentEntry

__all__ = [
    "TEAM_SIZE",
    "EquipmentKind",
    "Gladiator",
    "GladiatorEvent",
    "GladiatorSpecialization",
    "GladiatorStatus",
    "KillpowerTeam",
    "PostMatchRun",
    "ResultReport",
    "Tournament",
    "TournamentEntry",
    "ranking_points_of",
]
