"""The Killpower Ball matches API: result reports and their commands, the commissioner's
queue, the post-match report, the referee sheet, tournaments and the championship table.

Each command is one small view calling one service; the roles are ``league.roles``' (a user
lacking one answers 403 before the service runs, and the service checks again).
"""

from datetime import timedelta

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import generics, status, viewsets
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.base import ObjectCommandView
from core.api.filters import FILTER_BACKENDS
from core.api.permissions import ReadOnly
from league.api.permissions import IsCommissioner
from league.models import Season
from matches.models import Fixture
from systems.killpower import match_selectors as selectors
from systems.killpower import reports, standings
from systems.killpower.api import match_serializers as s
from systems.killpower.api.filters import ResultReportFilter
from systems.killpower.api.permissions import (
    CanConfirmResult,
    CanDecideResult,
    CanDisputeResult,
    CanEnterResult,
)
from systems.killpower.kickoff import fixture_kick_off_now
from systems.killpower.models import ResultReport
from systems.killpower.services import tournaments


def _report_data(report: ResultReport) -> dict:
    return s.ResultReportSerializer(selectors.report_list().get(pk=report.pk)).data


@extend_schema_view(
    list=extend_schema(summary="List result reports of Killpower matches"),
    retrieve=extend_schema(summary="Show a result report"),
)
class ResultReportViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = s.ResultReportSerializer
    permission_classes = [ReadOnly]
    filter_backends = FILTER_BACKENDS
    filterset_class = ResultReportFilter
    ordering_fields = ["created_at"]

    def get_queryset(self):
        return selectors.report_list()


class ResultQueueView(generics.ListAPIView):
    """Reports of your leagues waiting for you: disputed first, then unconfirmed."""

    serializer_class = s.ResultReportSerializer
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="List the result reports waiting in your commissioner's queue")
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)

    def get_queryset(self):
        return selectors.report_queue(user=self.request.user)


class _FixtureView(ObjectCommandView):
    def get_queryset(self):
        return Fixture.objects.select_related("season__league", "home", "away")


class FixtureResultSubmitView(_FixtureView):
    serializer_class = s.ResultSubmitSerializer
    permission_classes = [CanEnterResult]

    @extend_schema(
        summary="Enter a Killpower match's result (commissioner or either coach)",
        request=s.ResultSubmitSerializer,
        responses={201: s.ResultReportSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        fixture = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        report = reports.result_submit(
            fixture=fixture, user=request.user, **serializer.validated_data
        )
        return Response(_report_data(report), status=status.HTTP_201_CREATED)


class FixtureKickOffView(_FixtureView):
    permission_classes = [IsCommissioner]

    @extend_schema(
        summary="Kick a Killpower fixture off now, before its time: teams frozen, RAP drawn "
        "(commissioner)",
        request=None,
        responses=s.RefereeSheetSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        fixture = fixture_kick_off_now(fixture=self.get_object(), user=request.user)
        return Response(s.RefereeSheetSerializer(selectors.referee_sheet_get(fixture=fixture)).data)


class _ReportCommand(ObjectCommandView):
    """A command on a result report: validate the body, call ``service``, show the report."""

    service: staticmethod

    def get_queryset(self):
        return ResultReport.objects.select_related(
            "fixture__season__league", "fixture__home", "fixture__away"
        )

    def post(self, request: Request, pk: int) -> Response:
        report = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        self.service(report=report, user=request.user, **serializer.validated_data)
        return Response(_report_data(report))


def _report_command_schema(summary: str, request_serializer):
    return extend_schema_view(
        post=extend_schema(
            summary=summary, request=request_serializer, responses=s.ResultReportSerializer
        )
    )


@_report_command_schema(
    "Confirm a result (the other coach or the commissioner): it is recorded",
    s.ResultConfirmSerializer,
)
class ResultConfirmView(_ReportCommand):
    serializer_class = s.ResultConfirmSerializer
    permission_classes = [CanConfirmResult]
    service = staticmethod(reports.result_confirm)


@_report_command_schema(
    "Dispute a result (the other coach): the commissioner decides", s.ResultDisputeSerializer
)
class ResultDisputeView(_ReportCommand):
    serializer_class = s.ResultDisputeSerializer
    permission_classes = [CanDisputeResult]
    service = staticmethod(reports.result_dispute)


@_report_command_schema(
    "Decide a result, corrected or as entered (commissioner)", s.ResultDecideSerializer
)
class ResultDecideView(_ReportCommand):
    serializer_class = s.ResultDecideSerializer
    permission_classes = [CanDecideResult]
    service = staticmethod(reports.result_decide)


class FixturePostMatchView(_FixtureView):
    permission_classes = [ReadOnly]

    @extend_schema(
        summary="Show a fixture's post-match sequence: every step and every roll",
        responses=s.PostMatchRunSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        run = selectors.post_match_get(fixture=self.get_object())
        if run is None:
            raise NotFound("The post-match sequence of this fixture has not run yet.")
        return Response(s.PostMatchRunSerializer(run).data)


class FixtureRefereeSheetView(_FixtureView):
    permission_classes = [ReadOnly]

    def get_queryset(self):
        return super().get_queryset().select_related("result")

    @extend_schema(
        summary="Show a Killpower fixture's referee sheet: powers, points to score, RAP",
        responses=s.RefereeSheetSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        sheet = selectors.referee_sheet_get(fixture=self.get_object())
        return Response(s.RefereeSheetSerializer(sheet).data)


class _SeasonView(ObjectCommandView):
    def get_queryset(self):
        return Season.objects.select_related("league")


class SeasonTournamentView(_SeasonView):
    serializer_class = s.TournamentCreateSerializer
    permission_classes = [IsCommissioner]

    @extend_schema(
        summary="Seed a Killpower tournament and create its first fixtures (commissioner)",
        request=s.TournamentCreateSerializer,
        responses={201: s.BracketSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        season = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        tournaments.tournament_create(
            season=season,
            first_kickoff=serializer.validated_data.get("first_kickoff"),
            interval=timedelta(days=serializer.validated_data["interval_days"]),
        )
        bracket = selectors.bracket_get(season=season)
        return Response(s.BracketSerializer(bracket).data, status=status.HTTP_201_CREATED)


class SeasonBracketView(_SeasonView):
    permission_classes = [ReadOnly]

    @extend_schema(
        summary="Show a tournament's bracket, round by round", responses=s.BracketSerializer
    )
    def get(self, request: Request, pk: int) -> Response:
        bracket = selectors.bracket_get(season=self.get_object())
        if bracket is None:
            raise NotFound("This season is not a tournament.")
        return Response(s.BracketSerializer(bracket).data)


class SeasonRankingView(_SeasonView):
    permission_classes = [ReadOnly]

    @extend_schema(
        summary="Show a Killpower championship table by ranking points",
        responses=s.RankingTableSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        season = self.get_object()
        body = {"season": season.pk, "rows": standings.ranking_table_get(season=season)}
        return Response(s.RankingTableSerializer(body).data)
