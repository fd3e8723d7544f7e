"""Killpower Ball's gladiators in the history of changes (``core.history``)."""

from league.history import track_team_row
from systems.killpower.models.gladiators import Gladiator, KillpowerTeam


def register() -> None:
    track_team_row(Gladiator)
    track_team_row(KillpowerTeam)
