"""Rotzball's rosters and league rules in the history of changes (``core.history``)."""

from league.history import track_league_row, track_team_row
from systems.rotzball.models import LeagueRules, LineupSlot, MatchPlan, Player


def register() -> None:
    for model in (Player, LineupSlot, MatchPlan):
        track_team_row(model)
    track_league_row(LeagueRules)
