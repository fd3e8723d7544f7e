"""The Tutatis API's resources: team lists and their entries, players, match rolls and
result reports. Anyone reads; a signed-in user's writes go through the services, which check
the roles (a coach writes his own team, the commissioner edits lists and decides results)."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.filters import FILTER_BACKENDS
from core.api.permissions import ReadOnly
from core.refusals import Refused
from league import selectors as league_selectors
from matches.table_results.api import ReportApi, ReportCommandViewSet
from systems.tutatis import RULE_SYSTEM, selectors
from systems.tutatis.api import serializers as s
from systems.tutatis.models import Player
from systems.tutatis.services import lists, matchday, rosters


# Anyone reads the rows its selector gives (``queryset``); a signed-in user writes. (No
# docstring: the schema would show it as every operation's description.)
class _Rows:
    permission_classes = [ReadOnly | IsAuthenticated]
    filter_backends = FILTER_BACKENDS


@extend_schema_view(
    list=extend_schema(summary="List Tutatis team lists (samples and leagues' own)"),
    retrieve=extend_schema(summary="Show a Tutatis team list with its entries"),
)
class TeamListViewSet(_Rows, viewsets.ReadOnlyModelViewSet):
    serializer_class = s.TutatisTeamListSerializer
    filterset_fields = ["league", "is_sample"]
    ordering_fields = ["name"]
    queryset = selectors.team_list_rows()

    @extend_schema(
        summary="Copy a sample list into your league to edit it",
        responses={201: s.TutatisTeamListSerializer},
    )
    @action(detail=True, methods=["post"], serializer_class=s.TutatisTeamListCopySerializer)
    def copy(self, request: Request, pk: int | None = None) -> Response:
        team_list = self.get_object()
        data = self.get_serializer(data=request.data)
        data.is_valid(raise_exception=True)
        leagues = league_selectors.league_with_commissioner()
        league = leagues.filter(pk=data.validated_data["league"]).first()
        if league is None:
            raise Refused("not_found", _("No such league."), field="league")
        copy = lists.team_list_copy(user=request.user, league=league, team_list=team_list)
        return Response(s.TutatisTeamListSerializer(copy).data, status=status.HTTP_201_CREATED)


@extend_schema_view(
    list=extend_schema(summary="List Tutatis list entries"),
    retrieve=extend_schema(summary="Show a list entry"),
    update=extend_schema(summary="Edit a list entry of your league's own list"),
    partial_update=extend_schema(summary="Edit part of a list entry of your league's own list"),
)
class ListEntryViewSet(_Rows, mixins.UpdateModelMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = s.TutatisListEntrySerializer
    filterset_fields = ["team_list", "role"]
    ordering_fields = ["price", "name"]
    queryset = selectors.list_entry_rows()

    def perform_update(self, serializer) -> None:
        serializer.instance = lists.list_entry_update(
            user=self.request.user, entry=serializer.instance, **serializer.validated_data
        )


@extend_schema_view(
    list=extend_schema(summary="List Tutatis players (filter by team)"),
    retrieve=extend_schema(summary="Show a Tutatis player"),
    create=extend_schema(summary="Hire a player from the team's list"),
    partial_update=extend_schema(
        summary="Rename a player or move him between pitch and bench",
        request=s.TutatisPlayerUpdateSerializer,
    ),
    update=extend_schema(
        summary="Rename a player and set his place", request=s.TutatisPlayerUpdateSerializer
    ),
    destroy=extend_schema(summary="Fire a player"),
)
class PlayerViewSet(_Rows, viewsets.ModelViewSet):
    serializer_class = s.TutatisPlayerSerializer
    filterset_fields = ["team", "role", "on_pitch", "badly_hurt"]
    ordering_fields = ["name", "price"]
    queryset = selectors.player_rows()

    def perform_create(self, serializer) -> None:
        data = serializer.validated_data  # team, entry, and maybe name and on_pitch
        serializer.instance = rosters.player_hire(user=self.request.user, **data)

    def update(self, request: Request, *args, **kwargs) -> Response:
        data = s.TutatisPlayerUpdateSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        player = rosters.player_update(
            user=request.user, player=self.get_object(), **data.validated_data
        )
        return Response(s.TutatisPlayerSerializer(player).data)

    def perform_destroy(self, instance: Player) -> None:
        rosters.player_fire(user=self.request.user, player=instance)


@extend_schema_view(
    list=extend_schema(summary="List match-day rolls (filter by fixture)"),
    retrieve=extend_schema(summary="Show a match-day roll with every die"),
)
class MatchRollViewSet(_Rows, viewsets.ReadOnlyModelViewSet):
    serializer_class = s.TutatisMatchRollSerializer
    filterset_fields = ["fixture", "action", "side"]
    ordering_fields = ["created_at"]
    queryset = selectors.match_roll_rows()

    @extend_schema(
        summary="Spend a Time Warp token: re-roll, the second roll stands",
        request=None,
        responses={201: s.TutatisMatchRollSerializer},
    )
    @action(detail=True, methods=["post"], url_path="time-warp")
    def time_warp(self, request: Request, pk: int | None = None) -> Response:
        again = matchday.time_warp(user=request.user, roll=self.get_object())
        return Response(s.TutatisMatchRollSerializer(again).data, status=status.HTTP_201_CREATED)


class TutatisReportApi(ReportApi):
    """Tutatis's reports in the API: the body of an entry is the result itself."""

    game = RULE_SYSTEM
    report_serializer = s.TutatisResultReportSerializer
    submit_serializer = s.TutatisResultInputSerializer
    command_serializers = {
        "dispute": s.TutatisDisputeSerializer,
        "decide": s.TutatisDecideSerializer,
    }
    result_field = None
    summaries = {
        "list": "List Tutatis result reports",
        "retrieve": "Show a Tutatis result report",
        "submit": "Enter a Tutatis result (goals 3, over the bar 1, badly hurt players); the "
        "other coach confirms",
        "confirm": "Confirm a result (the other coach or the commissioner)",
        "dispute": "Dispute a result (the other coach)",
        "decide": "Decide a result (the commissioner), as it stands or corrected",
    }


REPORTS = TutatisReportApi()


class ResultReportViewSet(ReportCommandViewSet):
    api = REPORTS
    filter_backends = FILTER_BACKENDS
    filterset_fields = ["fixture", "status"]
