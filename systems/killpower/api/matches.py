"""The Killpower Ball matches API: result reports and their commands, the commissioner's
queue, the post-match report, the referee sheet, tournaments and the championship table.

The reports and their commands are the workflow's views (:mod:`matches.table_results.api`)
with this game's serializers; the roles are checked before the service runs (403), and the
service checks them again.
"""

from datetime import timedelta
from typing import Any

from rest_framework.exceptions import NotFound
from rest_framework.request import Request

from core.api.base import CommandRoutes, ObjectCommandView, command_object
from core.api.filters import FILTER_BACKENDS
from core.api.permissions import ReadOnly
from league import selectors as league_selectors
from league.api.permissions import IsCommissioner
from league.models import Season
from matches import selectors as match_selectors
from matches.models import Fixture
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


READ = CommandRoutes("", [ReadOnly], base=ObjectCommandView)
COMMISSIONER = CommandRoutes("", [IsCommissioner], base=ObjectCommandView)
"""The API's views on a fixture or a season: anyone reads, the commissioner commands."""

Data = dict[str, Any]


def _fixture(request: Request, pk: int) -> Fixture:
    return command_object(request, match_selectors.fixture_with_league(), pk)


def _found[T](answer: T | None, missing: str) -> T:
    """What a read found, else 404 with the reason."""
    if answer is None:
        raise NotFound(missing)
    return answer


def _season(request: Request, pk: int) -> Season:
    return command_object(request, league_selectors.season_with_league(), pk)


@COMMISSIONER.post(
    "fixtures/<int:pk>/kick-off/", "fixture-kick-off", responses=s.RefereeSheetSerializer
)
def kick_off(request: Request, data: Data, pk: int) -> Any:
    """Kick a Killpower fixture off now, before its time: teams frozen, RAP drawn
    (commissioner)"""
    fixture = fixture_kick_off_now(fixture=_fixture(request, pk), user=request.user)
    return s.RefereeSheetSerializer(selectors.referee_sheet_get(fixture=fixture)).data


@READ.get("fixtures/<int:pk>/post-match/", "fixture-post-match", responses=s.PostMatchRunSerializer)
def post_match(request: Request, data: Data, pk: int) -> Any:
    """Show a fixture's post-match sequence: every step and every roll"""
    run = selectors.post_match_get(fixture=_fixture(request, pk))
    return s.PostMatchRunSerializer(
        _found(run, "The post-match sequence of this fixture has not run yet.")
    ).data


@READ.get(
    "fixtures/<int:pk>/referee-sheet/",
    "fixture-referee-sheet",
    responses=s.RefereeSheetSerializer,
)
def referee_sheet(request: Request, data: Data, pk: int) -> Any:
    """Show a Killpower fixture's referee sheet: powers, points to score, RAP"""
    fixtures = match_selectors.fixture_with_league().select_related("result")
    sheet = selectors.referee_sheet_get(fixture=command_object(request, fixtures, pk))
    return s.RefereeSheetSerializer(sheet).data


@COMMISSIONER.create(
    "seasons/<int:pk>/tournament/",
    "season-tournament",
    s.TournamentCreateSerializer,
    {201: s.BracketSerializer},
    find=league_selectors.season_with_league,
)
def tournament_create(request: Request, data: Data, season: Season) -> Any:
    """Seed a Killpower tournament and create its first fixtures (commissioner)"""
    tournaments.tournament_create(
        season=season,
        first_kickoff=data.get("first_kickoff"),
        interval=timedelta(days=data["interval_days"]),
    )
    return s.BracketSerializer(selectors.bracket_get(season=season)).data


@READ.get("seasons/<int:pk>/bracket/", "season-bracket", responses=s.BracketSerializer)
def bracket(request: Request, data: Data, pk: int) -> Any:
    """Show a tournament's bracket, round by round"""
    found = selectors.bracket_get(season=_season(request, pk))
    return s.BracketSerializer(_found(found, "This season is not a tournament.")).data


@READ.get("seasons/<int:pk>/ranking/", "season-ranking", responses=s.RankingTableSerializer)
def ranking(request: Request, data: Data, pk: int) -> Any:
    """Show a Killpower championship table by ranking points"""
    season = _season(request, pk)
    body = {"season": season.pk, "rows": standings.ranking_table_get(season=season)}
    return s.RankingTableSerializer(body).data
