"""How good a league's forecasts were, season by season, for REST clients drawing their own
charts: the model's stored odds, the crowd's stakes before kick-off and a naive baseline,
each with its Brier score, log loss and reliability buckets, and the fixtures scored.

``fixtures`` and ``buckets`` keep their first meaning: the fixtures with stored odds and the
model's buckets (now of one season, the newest without ``?season=``)."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from betting import calibration
from betting.calibration import calibration_get, season_choose, seasons_of
from league import selectors as league_selectors

MAX_ID = 2**63 - 1


class BucketSerializer(serializers.Serializer):
    low = serializers.IntegerField(help_text="Lowest chance of the bucket, in percent.")
    high = serializers.IntegerField(help_text="Highest chance (exclusive but for 100), percent.")
    outcomes = serializers.IntegerField(help_text="Outcomes given a chance in the bucket.")
    happened = serializers.IntegerField(help_text="How many of them happened.")
    mean_chance = serializers.FloatField(help_text="Their mean chance, in percent.")
    observed = serializers.FloatField(help_text="How often they happened, in percent.")


class ForecasterSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(
        choices=[calibration.MODEL, calibration.CROWD, calibration.NAIVE],
        help_text="model: the stored odds; crowd: the stakes placed before kick-off; "
        "naive: the same chance for each outcome.",
    )
    method = serializers.CharField(help_text="The model's method (its odds' `method`); empty.")
    label = serializers.CharField(help_text="The forecaster in words, in the request's language.")
    fixtures = serializers.IntegerField(help_text="Played fixtures it gave chances for.")
    brier = serializers.FloatField(
        allow_null=True, help_text="Mean multi-class Brier score (0 best, 2 worst); null: none."
    )
    log_loss = serializers.FloatField(
        allow_null=True,
        help_text="Mean -ln(chance given to what happened), chances floored at 1e-6; null: none.",
    )
    buckets = BucketSerializer(many=True, help_text="Reliability buckets (tenths of chance).")


class FixtureLineSerializer(serializers.Serializer):
    fixture = serializers.IntegerField(source="fixture.pk")
    round = serializers.IntegerField(source="fixture.round")
    home = serializers.CharField(source="fixture.home.name")
    away = serializers.CharField(source="fixture.away.name")
    home_score = serializers.IntegerField()
    away_score = serializers.IntegerField()
    winner = serializers.CharField(help_text="The outcome that happened: home, away or draw.")
    method = serializers.CharField(help_text="The stored odds' method; empty without odds.")
    model = serializers.FloatField(
        allow_null=True, help_text="The model's chance of what happened, percent."
    )
    crowd = serializers.FloatField(
        allow_null=True, help_text="The crowd's chance of what happened, percent."
    )
    naive = serializers.FloatField(help_text="The naive chance of what happened, percent.")
    staked = serializers.IntegerField(help_text="Coins staked before kick-off.")


class CalibrationSerializer(serializers.Serializer):
    league = serializers.IntegerField()
    season = serializers.IntegerField(allow_null=True, help_text="The season scored.")
    fixtures = serializers.IntegerField(help_text="Played fixtures with stored odds.")
    buckets = BucketSerializer(many=True, help_text="The model's buckets with an outcome.")
    forecasters = ForecasterSerializer(
        many=True, help_text="The model (one per method), the crowd and the naive baseline."
    )
    scored = FixtureLineSerializer(many=True, help_text="The season's fixtures scored.")


class CalibrationQuerySerializer(serializers.Serializer):
    season = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ID,
        required=False,
        help_text="A season of the league; its newest without.",
    )


class LeagueForecastsView(APIView):
    """Anyone may read it, like the odds themselves."""

    serializer_class = CalibrationSerializer

    @extend_schema(
        summary="How good a league's forecasts were: model, crowd and naive scored on a season",
        parameters=[CalibrationQuerySerializer],
        responses=CalibrationSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        league = get_object_or_404(league_selectors.league_with_commissioner(), pk=pk)
        query = CalibrationQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        wanted = query.validated_data.get("season")
        seasons = seasons_of(league)
        season = season_choose(seasons, str(wanted) if wanted else None)
        if wanted and season is None:
            raise serializers.ValidationError({"season": [_("No such season in this league.")]})
        calibration = calibration_get(league=league, season=season)
        body = {
            "league": league.pk,
            "season": season.pk if season else None,
            "fixtures": calibration.model_fixtures,
            "buckets": calibration.model_buckets,
            "forecasters": calibration.forecasters,
            "scored": calibration.fixtures,
        }
        return Response(CalibrationSerializer(body).data)
