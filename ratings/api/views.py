"""The ratings API: read by anyone, like the league tables."""

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.permissions import ReadOnly
from ratings import selectors
from ratings.api.serializers import CoachRatingsSerializer, LeagueRatingsSerializer


class LeagueRatingsView(APIView):
    permission_classes = [ReadOnly]
    serializer_class = LeagueRatingsSerializer

    @extend_schema(
        summary="A league's team ratings (Glicko-2), with each team's rating by round",
        responses=LeagueRatingsSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(selectors.leagues(), pk=pk)
        body = {
            "league": league.pk,
            "tau": league.rating_tau,
            "teams": selectors.league_ratings(league=league),
        }
        return Response(LeagueRatingsSerializer(body).data)


class CoachRatingsView(APIView):
    permission_classes = [ReadOnly]
    serializer_class = CoachRatingsSerializer

    @extend_schema(
        summary="A coach's ratings per game and across every game, with their weekly history",
        responses=CoachRatingsSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        coach = selectors.coach_of_ratings(coach_id=pk)
        if coach is None:
            raise Http404
        body = {"coach": coach, "ratings": selectors.coach_ratings(coach=coach)}
        return Response(CoachRatingsSerializer(body).data)
