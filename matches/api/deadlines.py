"""Deadlines of results played at the table, in the API: a season's round deadlines and the
league's late fixtures (commissioner), a fixture's extension (commissioner), and the kick-off
times its coaches propose and accept. A late fixture is awarded through
``POST /api/v1/fixtures/{id}/award/``."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.base import ObjectCommandView
from league import selectors as league_selectors
from league.api.permissions import IsCommissioner
from matches import deadlines, selectors
from matches.deadlines import MAX_EXTENSION_DAYS


class RoundDeadlineSerializer(serializers.Serializer):
    round = serializers.IntegerField(min_value=1)
    due_at = serializers.DateTimeField(
        allow_null=True, help_text="When the round's results are due; null removes it."
    )


class SeasonDeadlinesSerializer(serializers.Serializer):
    deadlines = RoundDeadlineSerializer(many=True)


class LateFixtureSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    round = serializers.IntegerField()
    home = serializers.CharField(source="home.name")
    away = serializers.CharField(source="away.name")
    season = serializers.IntegerField(source="season_id")
    due_at = serializers.DateTimeField()


class ExtendSerializer(serializers.Serializer):
    days = serializers.IntegerField(min_value=1, max_value=MAX_EXTENSION_DAYS)


class ExtendedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    deadline = serializers.DateTimeField()


class ProposalSerializer(serializers.Serializer):
    id = serializers.IntegerField(read_only=True)
    fixture = serializers.IntegerField(source="fixture_id", read_only=True)
    side = serializers.CharField(read_only=True)
    at = serializers.DateTimeField()
    status = serializers.CharField(read_only=True)


class KickoffAcceptedSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kickoff = serializers.DateTimeField()


def _deadlines_body(season) -> dict:
    rows = selectors.round_deadlines(season=season)
    return {"deadlines": [{"round": row.round, "due_at": row.due_at} for row in rows]}


class SeasonDeadlinesView(ObjectCommandView):
    permission_classes = [IsCommissioner]
    serializer_class = SeasonDeadlinesSerializer

    def get_queryset(self):
        return league_selectors.season_with_league()

    @extend_schema(summary="A season's round deadlines (commissioner)")
    def get(self, request: Request, pk: int) -> Response:
        return Response(SeasonDeadlinesSerializer(_deadlines_body(self.get_object())).data)

    @extend_schema(
        summary="Set or remove round deadlines of a season (commissioner); rounds not named "
        "keep theirs",
        request=SeasonDeadlinesSerializer,
        responses=SeasonDeadlinesSerializer,
    )
    def put(self, request: Request, pk: int) -> Response:
        season = self.get_object()
        incoming = SeasonDeadlinesSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        chosen = {row["round"]: row["due_at"] for row in incoming.validated_data["deadlines"]}
        deadlines.round_deadlines_set(season=season, deadlines=chosen, by=request.user)
        return Response(SeasonDeadlinesSerializer(_deadlines_body(season)).data)


class LateFixturesView(ObjectCommandView):
    permission_classes = [IsCommissioner]
    serializer_class = LateFixtureSerializer

    def get_queryset(self):
        return league_selectors.league_list(counted=False)

    @extend_schema(
        summary="A league's late fixtures: no result past their deadline and the grace period "
        "(commissioner)",
        responses=LateFixtureSerializer(many=True),
    )
    def get(self, request: Request, pk: int) -> Response:
        late = deadlines.late_fixtures(league=self.get_object())
        return Response(LateFixtureSerializer(late, many=True).data)


class FixtureExtendView(ObjectCommandView):
    permission_classes = [IsCommissioner]
    serializer_class = ExtendSerializer

    def get_queryset(self):
        return selectors.fixture_with_league()

    @extend_schema(
        summary="Give a fixture more days for its result (commissioner)",
        request=ExtendSerializer,
        responses=ExtendedSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        fixture = self.get_object()
        incoming = ExtendSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        extended = deadlines.fixture_extend(
            fixture=fixture, days=incoming.validated_data["days"], by=request.user
        )
        return Response(ExtendedSerializer(extended).data)


class KickoffProposalsView(ObjectCommandView):
    permission_classes = [IsAuthenticated]
    serializer_class = ProposalSerializer

    def get_queryset(self):
        return selectors.fixture_with_league()

    @extend_schema(
        summary="A fixture's open kick-off proposals", responses=ProposalSerializer(many=True)
    )
    def get(self, request: Request, pk: int) -> Response:
        proposals = deadlines.proposals_open(fixture=self.get_object())
        return Response(ProposalSerializer(proposals, many=True).data)

    @extend_schema(
        summary="Propose a kick-off time (a coach of the fixture)",
        request=ProposalSerializer,
        responses={201: ProposalSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        fixture = self.get_object()
        incoming = ProposalSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        proposal = deadlines.kickoff_propose(
            fixture=fixture, user=request.user, at=incoming.validated_data["at"]
        )
        return Response(ProposalSerializer(proposal).data, status=status.HTTP_201_CREATED)


class KickoffAcceptView(ObjectCommandView):
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        return selectors.kickoff_proposals()

    @extend_schema(
        summary="Accept a proposed kick-off time (the other side's coach)",
        request=None,
        responses=KickoffAcceptedSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        fixture = deadlines.kickoff_accept(proposal=self.get_object(), user=request.user)
        return Response(KickoffAcceptedSerializer(fixture).data)
