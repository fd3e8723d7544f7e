"""The tournaments for REST clients: read by anyone (a tournament, its rounds with their
pairings, its standings); the commissioner's commands one small view each, refusing in the
project's shape (``core.api.errors``)."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.base import ObjectCommandView
from core.api.permissions import ReadOnly
from core.refusals import Refused
from league.api.permissions import IsCommissioner
from tournaments import selectors, services
from tournaments.api import serializers as s
from tournaments.models import Round, Tournament


class TournamentViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    """Tournaments, newest first; ``?league=`` keeps one league's. The commissioner of the
    season's league creates one."""

    serializer_class = s.TournamentSerializer
    permission_classes = [ReadOnly | IsCommissioner]

    def get_serializer_class(self):
        if self.action == "create":
            return s.TournamentNewSerializer
        return s.TournamentSerializer

    @extend_schema(
        summary="Create a tournament: Swiss, double elimination, groups then knock-out",
        request=s.TournamentNewSerializer,
        responses={201: s.TournamentSerializer},
    )
    def create(self, request: Request, *args, **kwargs) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        self.check_object_permissions(request, data["season"].league)
        tournament = services.tournament_create(**data)
        fresh = self.get_queryset().get(pk=tournament.pk)
        return Response(s.TournamentSerializer(fresh).data, status=status.HTTP_201_CREATED)

    def get_queryset(self):
        league = self.request.query_params.get("league", "")
        return selectors.tournament_rows(league_id=int(league) if league.isdigit() else None)

    @extend_schema(summary="List tournaments (filter by ?league=)")
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(summary="A tournament: its settings and entries")
    def retrieve(self, request, *args, **kwargs):
        return super().retrieve(request, *args, **kwargs)


class _TournamentView(ObjectCommandView):
    def get_queryset(self):
        return selectors.tournaments()


class TournamentRoundsView(_TournamentView):
    permission_classes = [ReadOnly]

    @extend_schema(
        summary="A tournament's published rounds with their pairings and results",
        responses=s.TournamentRoundSerializer(many=True),
    )
    def get(self, request: Request, pk: int) -> Response:
        tournament = self.get_object()
        rounds = [
            r
            for r in selectors.rounds_of(tournament=tournament)
            if r.status == Round.Status.PUBLISHED
        ]
        return Response(s.TournamentRoundSerializer(rounds, many=True).data)


class TournamentStandingsView(_TournamentView):
    permission_classes = [ReadOnly]

    @extend_schema(
        summary="A tournament's standings, ranked by its tie-breakers in order",
        responses=s.TournamentStandingSerializer(many=True),
    )
    def get(self, request: Request, pk: int) -> Response:
        tournament = self.get_object()
        if tournament.format == Tournament.Format.GROUPS:
            tables = selectors.group_tables(tournament=tournament)
            rows = [row for group_rows in tables.values() for row in group_rows]
        else:
            rows = selectors.standings(tournament=tournament)
        return Response(s.TournamentStandingSerializer(rows, many=True).data)


class TournamentBracketView(_TournamentView):
    permission_classes = [ReadOnly]

    @extend_schema(
        summary="A bracket (a double elimination, or a knock-out after its groups): every match",
        responses=s.TournamentBracketSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        tournament = self.get_object()
        bracket = selectors.bracket(tournament=tournament)
        if bracket is None:
            raise Refused(
                "not_a_bracket",
                _("This tournament has no bracket, or not yet."),
                field="tournament",
            )
        return Response(s.TournamentBracketSerializer(bracket).data)


class _Command(_TournamentView):
    permission_classes = [IsCommissioner]


def _round_body(round_: Round, warnings=None) -> dict:
    fresh = selectors.round_get(tournament=round_.tournament, number=round_.number)
    body = s.TournamentRoundSerializer(fresh).data
    if warnings is None:
        warnings = selectors.draft_warnings(round_=fresh) if fresh.status == "draft" else []
    body["warnings"] = s.TournamentWarningSerializer(warnings, many=True).data
    return body


class TournamentPairView(_Command):
    @extend_schema(
        summary="Pair the next round as a draft (commissioner), once the last results are in",
        request=None,
        responses={201: s.TournamentRoundWarningsSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        round_ = services.round_pair(tournament=self.get_object())
        return Response(_round_body(round_), status=status.HTTP_201_CREATED)


class TournamentSwapView(_Command):
    serializer_class = s.TournamentSwapInputSerializer

    @extend_schema(
        summary="Swap two teams of the draft round (commissioner); answers the rules it breaks",
        request=s.TournamentSwapInputSerializer,
        responses=s.TournamentRoundWarningsSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        tournament = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        draft = selectors.round_draft(tournament=tournament)
        if draft is None:
            raise Refused("no_draft", _("There is no draft round to change."), field="round")
        warnings = services.pairing_swap(round_=draft, **serializer.validated_data)
        return Response(_round_body(draft, warnings))


class TournamentPublishView(_Command):
    serializer_class = s.TournamentPublishInputSerializer

    @extend_schema(
        summary="Publish the draft round as fixtures (commissioner); again answers the same",
        request=s.TournamentPublishInputSerializer,
        responses=s.TournamentRoundWarningsSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        tournament = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round_ = selectors.round_get(
            tournament=tournament, number=serializer.validated_data["round"]
        )
        if round_ is None:
            raise Refused("no_draft", _("There is no draft round to publish."), field="round")
        services.round_publish(
            round_=round_, first_kickoff=serializer.validated_data.get("first_kickoff")
        )
        return Response(_round_body(round_, []))


class TournamentEnterView(_Command):
    serializer_class = s.TournamentTeamInputSerializer

    @extend_schema(
        summary="Enter a team late, between rounds (commissioner)",
        request=s.TournamentTeamInputSerializer,
        responses={201: s.TournamentEntrySerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        tournament = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        entry = services.entry_add(tournament=tournament, **serializer.validated_data)
        return Response(s.TournamentEntrySerializer(entry).data, status=status.HTTP_201_CREATED)


class TournamentWithdrawView(_Command):
    serializer_class = s.TournamentTeamInputSerializer

    @extend_schema(
        summary="Withdraw a team between rounds (commissioner); its results stay",
        request=s.TournamentTeamInputSerializer,
        responses=s.TournamentEntrySerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        tournament = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        entry = services.entry_withdraw(tournament=tournament, **serializer.validated_data)
        return Response(s.TournamentEntrySerializer(entry).data)
