"""Roster commands on one team: its sheet as the engine reads it, its line-up and match plan."""

from django.db.models import Prefetch
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from league import selectors, services
from league.api import serializers as s
from league.api.base import ObjectCommandView
from league.api.permissions import CanEditRoster, ReadOnly
from league.killpower import selectors as killpower_selectors
from league.models import League, LineupSlot, Player, Team


def _team_queryset():
    slots = LineupSlot.objects.select_related("player")
    return Team.objects.select_related("league").prefetch_related(
        Prefetch("lineup_slots", queryset=slots)
    )


def _lineup_data(lineup: dict[str, Player]) -> dict[str, dict | None]:
    return {
        position: {"id": lineup[position].pk, "name": lineup[position].name}
        if position in lineup
        else None
        for position in LineupSlot.Position.values
    }


def _killpower_sheet(team: Team) -> dict:
    """A Killpower team's sheet: the engine's (power, division, the seven gladiators)."""
    issues = killpower_selectors.roster_issues(team=team)
    return {
        "team": team,
        "rule_system": team.league.rule_system,
        "sheet": killpower_selectors.team_sheet(team=team),
        "complete": not any(issue.blocking for issue in issues),
        "issues": issues,
        "ratings": None,
        "scores": {},
    }


class TeamSheetView(ObjectCommandView):
    permission_classes = [ReadOnly]

    def get_queryset(self):
        return _team_queryset()

    @extend_schema(
        summary="Show a team's sheet, its roster issues and ratings",
        responses=s.TeamSheetSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        team = self.get_object()
        if team.league.rule_system == League.RuleSystem.KILLPOWER:
            return Response(s.TeamSheetSerializer(_killpower_sheet(team)).data)
        report = selectors.lineup_report(team=team)
        data = {
            "team": team,
            "rule_system": team.league.rule_system,
            "sheet": selectors.team_sheet_get(team=team),
            "complete": report.complete,
            "issues": report.issues,
            "ratings": report.ratings,
            "scores": report.scores,
        }
        return Response(s.TeamSheetSerializer(data).data)


class TeamLineupView(ObjectCommandView):
    serializer_class = s.LineupSerializer
    permission_classes = [ReadOnly | CanEditRoster]

    def get_queryset(self):
        return _team_queryset()

    @extend_schema(summary="Show a team's line-up", responses=s.LineupOutputSerializer)
    def get(self, request: Request, pk: int) -> Response:
        team = self.get_object()
        return Response(_lineup_data(selectors.lineup_get(team=team)))

    @extend_schema(
        summary="Set a team's line-up (its coach or commissioner, before kick-off)",
        request=s.LineupSerializer,
        responses=s.LineupOutputSerializer,
    )
    def put(self, request: Request, pk: int) -> Response:
        team = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        lineup = services.lineup_set(team=team, assignments=serializer.validated_data)
        return Response(_lineup_data(lineup))


class TeamMatchPlanView(ObjectCommandView):
    serializer_class = s.MatchPlanSerializer
    permission_classes = [CanEditRoster]

    def get_queryset(self):
        return Team.objects.select_related("league")

    @extend_schema(
        summary="Set a team's match plan (its coach or commissioner, before kick-off)",
        request=s.MatchPlanSerializer,
        responses=s.MatchPlanSerializer,
    )
    def put(self, request: Request, pk: int) -> Response:
        team = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        team = services.team_set_match_plan(team=team, tactic=serializer.validated_data["tactic"])
        return Response({"tactic": team.tactic})
