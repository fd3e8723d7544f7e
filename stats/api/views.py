"""The statistics API: read by anyone, like the league tables. ``?season=<id>`` counts one
season of the league, ``?season=all`` every season, and without it the latest season."""

from typing import ClassVar

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.permissions import ReadOnly
from stats import selectors
from stats.api.serializers import LeaderboardsSerializer, RecordsSerializer
from stats.selectors import pages

SEASON = OpenApiParameter(
    "season",
    OpenApiTypes.STR,
    description="A season id of the league, or `all` for every season; the latest without.",
)


TEAM = OpenApiParameter(
    "team",
    OpenApiTypes.INT,
    description="A team id of the league: only its rows and its players', with their ranks "
    "in the league (the leaderboards).",
)


class StatisticsView(APIView):
    """A league's statistics in the scope ``?season=`` names: the parts its serializer gives."""

    permission_classes = [ReadOnly]
    serializer_class: type[serializers.Serializer]
    parts: ClassVar[dict[str, bool]] = {}

    def get(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(selectors.leagues(), pk=pk)
        context = pages.league_statistics_page(
            league=league,
            season_id=request.query_params.get("season"),
            team_id=request.query_params.get("team"),
            **self.parts,
        )
        return Response(self.serializer_class(context).data)


@extend_schema_view(
    get=extend_schema(
        summary="A league's leaderboards: each statistic of its game, teams and players ranked",
        parameters=[SEASON, TEAM],
        responses=LeaderboardsSerializer,
    )
)
class LeagueLeaderboardsView(StatisticsView):
    serializer_class = LeaderboardsSerializer
    parts: ClassVar[dict[str, bool]] = {"kept": False}


@extend_schema_view(
    get=extend_schema(
        summary="A league's records, each with the fixture that set it",
        parameters=[SEASON],
        responses=RecordsSerializer,
    )
)
class LeagueRecordsView(StatisticsView):
    serializer_class = RecordsSerializer
    parts: ClassVar[dict[str, bool]] = {"boards": False}
