"""Rotzball roster commands on one team: its line-up and match plan. One declared command per
address and method, each calling one service; its docstring is the operation's summary
(``core.api.base.CommandRoutes``)."""

from typing import Any

from rest_framework.request import Request

from core.api.base import CommandRoutes, ObjectCommandView
from core.api.permissions import ReadOnly
from league import selectors as league_selectors
from league.api.permissions import CanEditRoster
from systems.rotzball import services
from systems.rotzball.api import serializers as s
from systems.rotzball.models import LineupSlot, Player
from systems.rotzball.selectors import teams as selectors

LINEUP = CommandRoutes("", [ReadOnly | CanEditRoster], base=ObjectCommandView)
"""The line-up: anyone reads it, its coach or commissioner sets it."""
PLAN = CommandRoutes("", [CanEditRoster], base=ObjectCommandView)
"""The match plan, set by the team's coach or commissioner."""


def _lineup_data(lineup: dict[str, Player]) -> dict[str, dict | None]:
    players = {
        position: {"id": player.pk, "name": player.name} for position, player in lineup.items()
    }
    return {position: players.get(position) for position in LineupSlot.Position.values}


@LINEUP.get(
    "teams/<int:pk>/lineup/",
    "team-lineup",
    responses=s.LineupOutputSerializer,
    find=selectors.team_with_lineup,
)
def lineup(request: Request, data: dict, team: Any) -> Any:
    """Show a team's line-up"""
    return _lineup_data(selectors.lineup_get(team=team))


@LINEUP.command(
    "put",
    "teams/<int:pk>/lineup/",
    "team-lineup",
    s.LineupSerializer,
    s.LineupOutputSerializer,
    find=league_selectors.team_with_league,  # lineup_set reads the slots it replaces
)
def lineup_set(request: Request, data: dict, team: Any) -> Any:
    """Set a team's line-up (its coach or commissioner, before kick-off)"""
    return _lineup_data(services.lineup_set(team=team, assignments=data))


@PLAN.command(
    "put",
    "teams/<int:pk>/match-plan/",
    "team-match-plan",
    s.MatchPlanSerializer,
    s.MatchPlanSerializer,
    find=league_selectors.team_with_league,
)
def match_plan_set(request: Request, data: dict, team: Any) -> Any:
    """Set a team's match plan (its coach or commissioner, before kick-off)"""
    team = services.team_set_match_plan(team=team, tactic=data["tactic"])
    return {"tactic": selectors.tactic_of(team)}
