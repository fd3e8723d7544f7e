"""The Tutatis API's commands: set a roster, check a draft live, choose a team's list, roll a
match-day action (a result is entered through the workflow's views). One declared command per
address and method, each calling one service; its docstring is the operation's summary
(``core.api.base.CommandRoutes``)."""

from typing import Any

from django.shortcuts import get_object_or_404
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request

from core.api.base import CommandRoutes
from core.api.permissions import ReadOnly
from systems.tutatis import selectors
from systems.tutatis.api import serializers as s
from systems.tutatis.services import matchday, rosters

API = CommandRoutes("tutatis/", [ReadOnly | IsAuthenticated])
"""The API's commands under ``tutatis/`` (the reports' are the workflow's)."""
ROSTER, OUT = s.TutatisRosterSerializer, s.TutatisRosterOutSerializer
"""A roster as given (counts per list entry), and as answered (players and check)."""

Data = dict[str, Any]


def _counts(data: Data) -> dict[int, tuple[int, int]]:
    """A roster's counts (``TutatisRosterSerializer``): entry -> (on the pitch, on the bench)."""
    return {row["entry"]: (row["on_pitch"], row["bench"]) for row in data["entries"]}


def _checked(verdict: dict) -> dict:
    """The check as the API answers it: the broken rules, and the budget beside them."""
    return {**verdict["check"].to_dict(), "budget": verdict["budget"]}


def _roster_out(team) -> dict:
    players = selectors.players_of(team=team)
    check = _checked(selectors.roster_check(team=team, players=players))
    return OUT({"players": players, "check": check}).data


@API.get(
    "teams/<int:pk>/roster/", "tutatis-roster", responses=OUT, find=selectors.tutatis_team_list
)
def roster(request: Request, data: Data, team: Any) -> Any:
    """A Tutatis team's roster with the team-building check"""
    return _roster_out(team)


@API.command(
    "put", "teams/<int:pk>/roster/", "tutatis-roster", ROSTER, OUT, find=selectors.tutatis_team_list
)
def roster_set(request: Request, data: Data, team: Any) -> Any:
    """Set a Tutatis roster (counts per list entry); refused naming every broken rule"""
    rosters.roster_set(user=request.user, team=team, counts=_counts(data))
    return _roster_out(team)


@API.post(
    "teams/<int:pk>/check/",
    "tutatis-roster-check",
    ROSTER,
    s.TutatisCheckSerializer,
    find=selectors.tutatis_team_list,
)
def roster_check(request: Request, data: Data, team: Any) -> Any:
    """Check a draft roster against the team-building rules (nothing is saved)"""
    draft, _fired = rosters.roster_draft(team=team, counts=_counts(data))
    return _checked(selectors.roster_check(team=team, players=draft))


@API.post(
    "teams/<int:pk>/team-list/",
    "tutatis-team-list",
    s.TutatisTeamListChooseSerializer,
    OUT,
    find=selectors.tutatis_team_list,
)
def team_list_choose(request: Request, data: Data, team: Any) -> Any:
    """Choose the list a Tutatis team hires from"""
    team_list = get_object_or_404(selectors.team_lists(), pk=data["team_list"])
    rosters.team_list_choose(user=request.user, team=team, team_list=team_list)
    return _roster_out(team)


@API.create(
    "fixtures/<int:pk>/rolls/",
    "tutatis-fixture-roll",
    s.TutatisRollInputSerializer,
    {201: s.TutatisMatchRollSerializer},
    find=selectors.fixture_list,
)
def fixture_roll(request: Request, data: Data, fixture: Any) -> Any:
    """Roll a match-day action (weather, kick-off checks, tackle, shot, foul, fall, injury,
    test); the roll is stored with every die"""
    action = data.pop("action")
    roll = matchday.match_roll(user=request.user, fixture=fixture, action=action, inputs=data)
    return s.TutatisMatchRollSerializer(roll).data
