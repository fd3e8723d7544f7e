"""The Killpower Ball matches API: result reports and their commands, the commissioner's
queue, the post-match report, the referee sheet, tournaments and the championship table.

The reports and their commands are the workflow's views (:mod:`matches.table_results.api`)
with this game's serializers; the roles are checked before the service runs (403), and the
service checks them again.
"""

from datetime import timedelta

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.base import ObjectCommandView
from core.api.filters import FILTER_BACKENDS
from core.api.permissions import ReadOnly
from league import selectors as league_selectors
from league.api.permissions import IsCommissioner
from matches import selectors as match_selectors
from matches.table_results.api import (
    ROLE_PERMISSIONS,
    ReportApi,
    ReportQueueView,
    ReportViewSet,
)
from systems.killpower import RULE_SYSTEM
from systems.killpower.api import match_serializers as s
from systems.killpower.api.filters import ResultReportFilter
from systems.killpower.kickoff import fixture_kick_off_now
from systems.killpower.selectors import matches as selectors
from systems.killpower.selectors import standings
from systems.killpower.services import tournaments


class KillpowerReportApi(ReportApi):
    """Killpower's reports in the API: the engine's match report, each side's redraws and a
    tournament draw's free throws (the workflow's ``options``)."""

    game = RULE_SYSTEM
    report_serializer = s.ResultReportSerializer
    submit_serializer = s.ResultSubmitSerializer
    command_serializers = {
        "confirm": s.ResultConfirmSerializer,
        "dispute": s.ResultDisputeSerializer,
        "decide": s.ResultDecideSerializer,
    }
    options_field = "free_throws"
    permissions = {**ROLE_PERMISSIONS, "list": (ReadOnly,), "retrieve": (ReadOnly,)}
    summaries = {
        "list": "List result reports of Killpower matches",
        "retrieve": "Show a result report",
        "queue": "List the result reports waiting in your commissioner's queue",
        "submit": "Enter a Killpower match's result (commissioner or either coach)",
        "confirm": "Confirm a result (the other coach or the commissioner): it is recorded",
        "dispute": "Dispute a result (the other coach): the commissioner decides",
        "decide": "Decide a result, corrected or as entered (commissioner)",
    }

    def reports(self):
        return selectors.report_list()


REPORTS = KillpowerReportApi()


class ResultReportViewSet(ReportViewSet):
    api = REPORTS
    filter_backends = FILTER_BACKENDS
    filterset_class = ResultReportFilter


class ResultQueueView(ReportQueueView):
    api = REPORTS
    queue = staticmethod(selectors.report_queue)


class _FixtureView(ObjectCommandView):
    def get_queryset(self):
        return match_selectors.fixture_with_league()


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
        return league_selectors.season_with_league()


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
