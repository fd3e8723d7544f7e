"""Rotzball roster commands on one team: its line-up and match plan."""

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.base import ObjectCommandView
from core.api.permissions import ReadOnly
from league import selectors as league_selectors
from league.api.permissions import CanEditRoster
from systems.rotzball import services
from systems.rotzball.api import serializers as s
from systems.rotzball.models import LineupSlot, Player
from systems.rotzball.selectors import teams as selectors


def _lineup_data(lineup: dict[str, Player]) -> dict[str, dict | None]:
    return {
        position: {"id": lineup[position].pk, "name": lineup[position].name}
        if position in lineup
        else None
        for position in LineupSlot.Position.values
    }


class TeamLineupView(ObjectCommandView):
    serializer_class = s.LineupSerializer
    permission_classes = [ReadOnly | CanEditRoster]

    def get_queryset(self):
        if self.request.method == "GET":
            return selectors.team_with_lineup()
        return league_selectors.team_with_league()  # lineup_set reads the slots it replaces

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
        return league_selectors.team_with_league()

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
        return Response({"tactic": selectors.tactic_of(team)})
