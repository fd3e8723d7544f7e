"""The statistics API: read by anyone, like the league tables. ``?season=<id>`` counts one
season of the league, ``?season=all`` every season, and without it the latest season."""

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
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


def _page(request: Request, pk: int, **parts: bool) -> dict:
    league = get_object_or_404(selectors.leagues(), pk=pk)
    return pages.league_statistics_page(
        league=league, season_id=request.query_params.get("season"), **parts
    )


class LeagueLeaderboardsView(APIView):
    permission_classes = [ReadOnly]
    serializer_class = LeaderboardsSerializer

    @extend_schema(
        summary="A league's leaderboards: each statistic of its game, teams and players ranked",
        parameters=[SEASON],
        responses=LeaderboardsSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        return Response(LeaderboardsSerializer(_page(request, pk, kept=False)).data)


class LeagueRecordsView(APIView):
    permission_classes = [ReadOnly]
    serializer_class = RecordsSerializer

    @extend_schema(
        summary="A league's records, each with the fixture that set it",
        parameters=[SEASON],
        responses=RecordsSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        return Response(RecordsSerializer(_page(request, pk, boards=False)).data)
