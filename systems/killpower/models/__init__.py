"""Killpower Ball's models, one module per concern; import them from here."""

from systems.killpower.models.gladiators import (
    TEAM_SIZE,
    EquipmentKind,
    Gladiator,
    GladiatorEvent,
    GladiatorSpecialization,
    GladiatorStatus,
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
    "PostMatchRun",
    "ResultReport",
    "Tournament",
    "TournamentEntry",
]
