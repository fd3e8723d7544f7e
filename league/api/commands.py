"""Commands on one team that every game answers its own way: its sheet."""

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.base import ObjectCommandView
from core.api.permissions import ReadOnly
from league import plugins, selectors
from league.api import serializers as s


class TeamSheetView(ObjectCommandView):
    permission_classes = [ReadOnly]

    def get_queryset(self):
        return selectors.team_with_league()

    @extend_schema(
        summary="Show a team's sheet, its roster issues and ratings",
        responses=s.TeamSheetSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        team = self.get_object()
        sheet = plugins.team_views.of(team.league.rule_system).team_sheet(team=team)
        return Response(s.TeamSheetSerializer(sheet).data)
