"""Tutatis rosters and league rules in the history of changes (``core.history``)."""

from league.history import track_league_row, track_team_row
from systems.tutatis.models.teams import LeagueRules, Player, TutatisTeam


def register() -> None:
    track_team_row(Player)
    track_team_row(TutatisTeam)
    track_league_row(LeagueRules)
