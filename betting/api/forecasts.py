"""How good a league's odds were, for REST clients drawing their own calibration chart: the
played fixtures with stored odds and, per chance bucket, how often its outcomes happened."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from betting import forecasts
from league.models import League


class BucketSerializer(serializers.Serializer):
    low = serializers.IntegerField(help_text="Lowest chance of the bucket, in percent.")
    high = serializers.IntegerField(help_text="Highest chance (exclusive but for 100), percent.")
    outcomes = serializers.IntegerField(help_text="Outcomes given a chance in the bucket.")
    happened = serializers.IntegerField(help_text="How many of them happened.")
    mean_chance = serializers.FloatField(help_text="Their mean chance, in percent.")
    observed = serializers.FloatField(help_text="How often they happened, in percent.")


class CalibrationSerializer(serializers.Serializer):
    league = serializers.IntegerField()
    fixtures = serializers.IntegerField(help_text="Played fixtures with stored odds.")
    buckets = BucketSerializer(many=True, help_text="Buckets with at least one outcome.")


class LeagueForecastsView(APIView):
    """Anyone may read it, like the odds themselves."""

    serializer_class = CalibrationSerializer

    @extend_schema(
        summary="How good a league's odds were: chance given against what happened",
        responses=CalibrationSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(League, pk=pk)
        fixtures, buckets = forecasts.calibration(league)
        body = {"league": league.pk, "fixtures": fixtures, "buckets": buckets}
        return Response(CalibrationSerializer(body).data)
