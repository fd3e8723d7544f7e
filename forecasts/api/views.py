"""A season's forecast for REST clients: read by anyone, like the table, served from storage."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.permissions import ReadOnly
from forecasts import selectors, services
from forecasts.api.serializers import SeasonForecastSerializer


class SeasonForecastView(APIView):
    permission_classes = [ReadOnly]
    serializer_class = SeasonForecastSerializer

    @extend_schema(
        summary="A season's forecast: each team's chances of the title, the top and the "
        "bottom places, with standard errors and the clinched and eliminated marks",
        responses=SeasonForecastSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        season = get_object_or_404(selectors.seasons(), pk=pk)
        stored = services.forecast_ensure(season=season)
        body = {
            "season": season.pk,
            "simulations": stored.simulations,
            "computed_at": stored.computed_at,
            "fixtures_left": stored.fixtures_left,
            "exact_marks": stored.exact_marks,
            "places": {"top": stored.top_places, "bottom": stored.bottom_places},
            "teams": stored.teams,
        }
        return Response(SeasonForecastSerializer(body).data)
