"""The Mythril league's team players, team profiles and settings in the history of changes
(``core.history``)."""

from league.history import track_league_row, track_team_row
from systems.mythril.models.teams import MythrilSettings, Player, TeamProfile


def register() -> None:
    track_team_row(Player, exclude_fields=["start"])
    track_team_row(TeamProfile, exclude_fields=["created_seed"])
    track_league_row(MythrilSettings)
