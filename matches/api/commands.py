"""Commissioner commands on seasons and fixtures, one small view each, and the standings.

Simulations answer 202 with the batch to poll (``simulation-batches/{id}/``): the fixtures
kick off now (line-ups frozen) and the workers play them after commit.
"""

from datetime import timedelta

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.base import ObjectCommandView
from core.api.permissions import ReadOnly
from core.api.renderers import FORMAT_PARAMETER, CSVListMixin
from core.api.throttles import EXPENSIVE
from core.links import site_url
from league import selectors as league_selectors
from league.api.permissions import IsCommissioner
from matches import selectors, services
from matches.api import serializers as s
from matches.models import Fixture, SimulationBatch
from matches.standings import standings_get, standings_metrics


def _fixture_data(fixture: Fixture) -> dict:
    """The fixture as the fixtures endpoint lists it (without the heavy snapshots), re-read."""
    fresh = selectors.fixture_list().defer(*selectors.HEAVY_FIELDS).get(pk=fixture.pk)
    return s.FixtureSerializer(fresh).data


def _batch_response(request: Request, batch: SimulationBatch) -> Response:
    batch = selectors.batch_list().get(pk=batch.pk)
    response = Response(s.SimulationBatchSerializer(batch).data, status=status.HTTP_202_ACCEPTED)
    response["Location"] = site_url(reverse("api:simulationbatch-detail", args=[batch.pk]))
    return response


class _SeasonCommand(ObjectCommandView):
    permission_classes = [IsCommissioner]

    def get_queryset(self):
        return league_selectors.season_with_league()


class _FixtureCommand(ObjectCommandView):
    permission_classes = [IsCommissioner]

    def get_queryset(self):
        return selectors.fixture_with_league()


class SeasonGenerateFixturesView(_SeasonCommand):
    serializer_class = s.GenerateFixturesSerializer

    @extend_schema(
        summary="Generate the season's round robin (commissioner)",
        request=s.GenerateFixturesSerializer,
        responses={201: s.GeneratedFixturesSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        season = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        fixtures = services.fixtures_generate(
            season=season,
            double=data["double"],
            first_kickoff=data.get("first_kickoff"),
            interval=timedelta(days=data["interval_days"]),
        )
        body = {
            "season": season.pk,
            "fixtures": len(fixtures),
            "rounds": len({f.round for f in fixtures}),
        }
        return Response(s.GeneratedFixturesSerializer(body).data, status=status.HTTP_201_CREATED)


class SeasonFixtureScheduleView(_SeasonCommand):
    serializer_class = s.FixtureScheduleSerializer

    @extend_schema(
        summary="Schedule one fixture between two teams of the league (commissioner)",
        request=s.FixtureScheduleSerializer,
        responses={201: s.FixtureSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        season = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        fixture = services.fixture_schedule(
            season=season,
            home=data["home"],
            away=data["away"],
            kickoff=data["kickoff"],
            round_number=data.get("round"),
        )
        return Response(_fixture_data(fixture), status=status.HTTP_201_CREATED)


class SeasonSimulateView(_SeasonCommand):
    serializer_class = s.SeasonSimulateSerializer
    throttle_classes = EXPENSIVE

    @extend_schema(
        summary="Simulate a season's unplayed fixtures, or one round (commissioner)",
        request=s.SeasonSimulateSerializer,
        responses={202: s.SimulationBatchSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        season = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        batch = services.simulation_request(
            season=season, user=request.user, round_number=serializer.validated_data.get("round")
        )
        return _batch_response(request, batch)


class SeasonStandingsView(CSVListMixin, ObjectCommandView):
    permission_classes = [ReadOnly]
    csv_field = "rows"  # ?format=csv: one line per team

    def get_queryset(self):
        return league_selectors.season_with_league()

    @extend_schema(
        summary="Show a season's standings",
        responses=s.StandingsSerializer,
        parameters=[FORMAT_PARAMETER],
    )
    def get(self, request: Request, pk: int) -> Response:
        season = self.get_object()
        body = {
            "season": season.pk,
            "tiebreakers": standings_metrics(league=season.league),
            "rows": standings_get(season=season),
        }
        return Response(s.StandingsSerializer(body).data)


class FixtureSimulateView(_FixtureCommand):
    throttle_classes = EXPENSIVE

    @extend_schema(
        summary="Simulate one fixture now (commissioner)",
        request=None,
        responses={202: s.SimulationBatchSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        fixture = self.get_object()
        batch = services.simulation_request(
            season=fixture.season, user=request.user, fixture=fixture
        )
        return _batch_response(request, batch)


class FixtureCancelView(_FixtureCommand):
    @extend_schema(
        summary="Cancel a fixture that has not kicked off (commissioner)",
        request=None,
        responses=s.FixtureSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        fixture = services.fixture_cancel(fixture=self.get_object())
        return Response(_fixture_data(fixture))


class FixtureRescheduleView(_FixtureCommand):
    serializer_class = s.RescheduleSerializer

    @extend_schema(
        summary="Move a fixture's kick-off (commissioner, before kick-off)",
        request=s.RescheduleSerializer,
        responses=s.FixtureSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        fixture = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        fixture = services.fixture_reschedule(fixture=fixture, **serializer.validated_data)
        return Response(_fixture_data(fixture))
