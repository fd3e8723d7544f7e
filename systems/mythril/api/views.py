"""The Mythril league API: one small view per command, each calling one service.

Anyone reads; writes need a signed-in user and the services check the role (a coach writes
his own team, the commissioner decides results and imports roster data): ``Refused`` becomes
the project's error shape (403 for a missing role).
"""

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.generics import GenericAPIView
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from core import selectors as core_selectors
from core.api.parsers import StrictJSONParser
from core.refusals import Forbidden, Refused
from league.models import League, Season, Team
from league.roles import is_commissioner
from league.selectors import season_with_league
from matches import selectors as match_selectors
from matches.table_results.api import ReportApi
from systems.mythril import RULE_SYSTEM, selectors, standings
from systems.mythril.api import serializers as s
from systems.mythril.services import level_ups, roster, roster_import, team_bets, teams, trophies

JSON = OpenApiResponse(description="JSON document")


class _Command(GenericAPIView):
    permission_classes = [IsAuthenticatedOrReadOnly]
    filter_backends: list = []
    pagination_class = None
    serializer_class: type[serializers.Serializer] = serializers.Serializer

    def data(self, request: Request) -> dict[str, Any]:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return dict(serializer.validated_data)


def _league(pk: int) -> League:
    return get_object_or_404(selectors.league_list(), pk=pk)


def _team(pk: int) -> Team:
    return get_object_or_404(selectors.team_list(), pk=pk)


def _season(pk: int) -> Season:
    return get_object_or_404(season_with_league(), pk=pk, league__rule_system=RULE_SYSTEM)


class RosterDataView(_Command):
    serializer_class = s.MythrilRosterImportSerializer
    parser_classes = [StrictJSONParser, MultiPartParser]  # the text as JSON, or the file itself

    @extend_schema(
        summary="Mythril: a league's roster data (the import file's shape)", responses=JSON
    )
    def get(self, request: Request, pk: int) -> Response:
        return Response(roster.roster_data_export(league=_league(pk)))

    @extend_schema(
        summary="Mythril: import roster data from a JSON or YAML file "
        "(commissioner); errors name the line and the field",
        request=s.MythrilRosterImportSerializer,
        responses=JSON,
    )
    def post(self, request: Request, pk: int) -> Response:
        league = _league(pk)
        data = self.data(request)
        upload = data.get("file")
        text = roster_import.read_upload(upload) if upload else data.get("text")
        if not text:
            raise Refused("required", _("Give a file or its text."), field="file")
        roster.roster_data_import(
            league=league,
            user=request.user,
            text=text,
            filename=upload.name if upload else data["filename"],
        )
        return Response(roster.roster_data_export(league=league))


class DraftCheckView(_Command):
    serializer_class = s.MythrilDraftSerializer

    @extend_schema(
        summary="Mythril: check a draft against the team-creation rules (the "
        "engine's verdict, every broken rule named)",
        request=s.MythrilDraftSerializer,
        responses=s.MythrilVerdictSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        data = self.data(request)
        return Response(teams.draft_check(league=_league(pk), **data))


class TeamCreateView(_Command):
    serializer_class = s.MythrilTeamCreateSerializer

    @extend_schema(
        summary="Mythril: create a team you coach (or, commissioner, for a coach)",
        request=s.MythrilTeamCreateSerializer,
        responses=JSON,
    )
    def post(self, request: Request, pk: int) -> Response:
        league = _league(pk)
        data = self.data(request)
        coach: Any = request.user
        if data.pop("coach", ""):
            if not is_commissioner(request.user, league):
                raise Forbidden(_("Only the commissioner registers a team for another coach."))
            coach = core_selectors.user_by_username(username=request.data["coach"])
            if coach is None:
                raise Refused("invalid", _("No user has this username."), field="coach")
        team = teams.mythril_team_register(league=league, coach=coach, **data)
        return Response(selectors.team_sheet(team), status=201)


class TeamSheetView(_Command):
    @extend_schema(summary="Mythril: a team's sheet, gold and pending level-ups", responses=JSON)
    def get(self, request: Request, pk: int) -> Response:
        return Response(selectors.team_sheet_with_level_ups(_team(pk)))


class HireView(_Command):
    serializer_class = s.MythrilHireSerializer

    @extend_schema(
        summary="Mythril: hire a player, a champion or an ally (the team's coach)",
        request=s.MythrilHireSerializer,
        responses=JSON,
    )
    def post(self, request: Request, pk: int) -> Response:
        player = teams.player_hire(team=_team(pk), user=request.user, **self.data(request))
        return Response(selectors.player_row(player), status=201)


class FireView(_Command):
    @extend_schema(
        summary="Mythril: fire a player (the team's coach)", request=None, responses=JSON
    )
    def post(self, request: Request, pk: int) -> Response:
        player = get_object_or_404(selectors.player_list(), pk=pk)
        return Response(selectors.player_row(teams.player_fire(player=player, user=request.user)))


class RenameView(_Command):
    serializer_class = s.MythrilRenameSerializer

    @extend_schema(
        summary="Mythril: rename a player on the roster (the team's coach)",
        request=s.MythrilRenameSerializer,
        responses=JSON,
    )
    def post(self, request: Request, pk: int) -> Response:
        player = get_object_or_404(selectors.player_list(), pk=pk)
        renamed = teams.player_rename(player=player, user=request.user, **self.data(request))
        return Response(selectors.player_row(renamed))


class ApothecaryView(_Command):
    @extend_schema(
        summary="Mythril: buy the team's apothecary (the team's coach)",
        request=None,
        responses=JSON,
    )
    def post(self, request: Request, pk: int) -> Response:
        teams.apothecary_hire(team=_team(pk), user=request.user)
        return Response(selectors.team_sheet(_team(pk)))


class LineupCheckView(_Command):
    serializer_class = s.MythrilLineupSerializer

    @extend_schema(
        summary="Mythril: check a line-up (at most 11 on the pitch, 5 allies, 2 big guys)",
        request=s.MythrilLineupSerializer,
        responses=s.MythrilVerdictSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        return Response(
            teams.lineup_check(team=_team(pk), player_ids=self.data(request)["players"])
        )


class LevelUpChooseView(_Command):
    serializer_class = s.MythrilLevelUpChooseSerializer

    @extend_schema(
        summary="Mythril: pick a level-up's skill, characteristic or big guy's "
        "double (the team's coach)",
        request=s.MythrilLevelUpChooseSerializer,
        responses=JSON,
    )
    def post(self, request: Request, pk: int) -> Response:
        level_up = get_object_or_404(selectors.level_up_list(), pk=pk)
        done = level_ups.level_up_choose(level_up=level_up, user=request.user, **self.data(request))
        return Response(
            {"id": done.pk, "choice": done.choice, "player": selectors.player_row(done.player)}
        )


class MythrilReportApi(ReportApi):
    """Mythril's reports in the API, answered as a small document (its payload without the
    version stamp, as always)."""

    game = RULE_SYSTEM
    report_serializer = s.MythrilReportSerializer
    submit_serializer = s.MythrilResultSubmitSerializer
    command_serializers = {"command": s.MythrilReportCommandSerializer}
    summaries = {
        "submit": "Mythril: enter a match's result (either coach or the commissioner)",
        "command": "Mythril: confirm, dispute or decide a result report",
    }


REPORTS = MythrilReportApi()


class PostMatchView(_Command):
    @extend_schema(
        summary="Mythril: a fixture's post-match sequence with every roll", responses=JSON
    )
    def get(self, request: Request, pk: int) -> Response:
        run = selectors.post_match_log(fixture_id=pk)
        if run is None:
            raise NotFound
        return Response(run)


class MatchdayEntryView(_Command):
    serializer_class = s.MythrilMatchdayEntrySerializer

    @extend_schema(
        summary="Mythril: pay a matchday's team-bet entry from the treasury",
        request=s.MythrilMatchdayEntrySerializer,
        responses=JSON,
    )
    def post(self, request: Request, pk: int) -> Response:
        data = self.data(request)
        season = get_object_or_404(season_with_league(), pk=data["season"])
        entry = team_bets.matchday_enter(
            team=_team(pk), user=request.user, season=season, round=data["round"]
        )
        return Response({"id": entry.pk, "season": season.pk, "round": entry.round}, status=201)


class TeamBetView(_Command):
    serializer_class = s.MythrilTeamBetSerializer

    @extend_schema(
        summary="Mythril: a team's bets", responses=s.MythrilTeamBetOutSerializer(many=True)
    )
    def get(self, request: Request, pk: int) -> Response:
        bets = selectors.team_bets(team=_team(pk))
        return Response(s.MythrilTeamBetOutSerializer(bets, many=True).data)

    @extend_schema(
        summary="Mythril: bet on one outcome of a match of an entered matchday, before kick-off",
        request=s.MythrilTeamBetSerializer,
        responses=s.MythrilTeamBetOutSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        data = self.data(request)
        fixture = get_object_or_404(match_selectors.fixture_with_league(), pk=data["fixture"])
        bet = team_bets.team_bet_place(
            team=_team(pk), user=request.user, fixture=fixture, outcome=data["outcome"]
        )
        return Response(s.MythrilTeamBetOutSerializer(bet).data, status=201)


class MatchdayBetsView(_Command):
    @extend_schema(
        summary="Mythril: a matchday's team bets (the commissioner)",
        responses=s.MythrilTeamBetOutSerializer(many=True),
    )
    def get(self, request: Request, pk: int, round: int) -> Response:
        season = _season(pk)
        if not is_commissioner(request.user, season.league):
            raise Forbidden(_("Only the commissioner sees the matchday's bets."))
        bets = team_bets.matchday_bets(season=season, round=round)
        return Response(s.MythrilTeamBetOutSerializer(bets, many=True).data)


class StandingsView(_Command):
    @extend_schema(
        summary="Mythril: the championship table (win 3, draw and loss settings)",
        responses=s.MythrilStandingSerializer(many=True),
    )
    def get(self, request: Request, pk: int) -> Response:
        rows = standings.standings_table(season=_season(pk))
        return Response(s.MythrilStandingSerializer(rows, many=True).data)


class TrophyView(_Command):
    serializer_class = s.MythrilTrophySerializer

    @extend_schema(summary="Mythril: a season's trophies and their matches", responses=JSON)
    def get(self, request: Request, pk: int) -> Response:
        return Response(selectors.trophy_rows(season=_season(pk)))

    @extend_schema(
        summary="Mythril: create a knock-out trophy (the commissioner)",
        request=s.MythrilTrophySerializer,
        responses=JSON,
    )
    def post(self, request: Request, pk: int) -> Response:
        data = self.data(request)
        trophy = trophies.trophy_create(
            season=_season(pk),
            user=request.user,
            name=data["name"],
            team_ids=data["teams"],
            round=data["round"],
            kickoff=data["kickoff"],
        )
        return Response({"id": trophy.pk, "name": trophy.name}, status=201)
