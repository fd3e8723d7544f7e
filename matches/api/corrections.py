"""A commissioner's corrections of a fixture's result, in the API: correct, void, award, and
the fixture's history of them (anyone may read it where the league is public).

Bad input answers 400 naming the field, another user than the league's commissioner 403, a
fixture in the wrong state (no result to correct, already played when awarded) 409 with a
``code``; nothing is written then."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.base import ObjectCommandView
from core.api.fields import UserField
from core.api.permissions import ReadOnly
from core.api.serializers import ModelSerializer
from league.api.permissions import IsCommissioner
from matches import corrections, selectors
from matches.api.serializers import ResultBriefSerializer
from matches.models import MAX_SCORE, Fixture, Result, ResultCorrection


class ResultStateSerializer(serializers.Serializer):
    home_score = serializers.IntegerField()
    away_score = serializers.IntegerField()
    winner = serializers.ChoiceField(choices=Result.Winner.choices)
    decided_by = serializers.CharField()


class ResultCorrectionSerializer(ModelSerializer):
    by = UserField(read_only=True, allow_null=True)
    before = ResultStateSerializer(
        read_only=True,
        allow_null=True,
        help_text="The result before the change; null for an award.",
    )
    after = ResultStateSerializer(
        read_only=True, allow_null=True, help_text="The result after the change; null for a void."
    )
    flags = serializers.ListField(
        child=serializers.CharField(),
        read_only=True,
        help_text="What the game could not undo and the commissioner should review.",
    )

    class Meta:
        model = ResultCorrection
        fields = [
            "id",
            "fixture",
            "result",
            "kind",
            "reason",
            "by",
            "created_at",
            "before",
            "after",
            "flags",
        ]
        read_only_fields = fields


class CorrectionOutcomeSerializer(serializers.Serializer):
    correction = ResultCorrectionSerializer()
    fixture_status = serializers.ChoiceField(choices=Fixture.Status.choices)
    result = ResultBriefSerializer(allow_null=True, help_text="Null once voided.")


class CorrectSerializer(serializers.Serializer):
    home_score = serializers.IntegerField(min_value=0, max_value=MAX_SCORE)
    away_score = serializers.IntegerField(min_value=0, max_value=MAX_SCORE)
    winner = serializers.ChoiceField(choices=Result.Winner.choices)
    reason = serializers.CharField(
        max_length=corrections.REASON_MAX, help_text="Why: kept with the history."
    )


class VoidSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=corrections.REASON_MAX)
    kickoff = serializers.DateTimeField(
        required=False,
        allow_null=True,
        help_text="The replay's kick-off (default: the fixture's own, so it may kick off at once).",
    )


class AwardSerializer(serializers.Serializer):
    winner = serializers.ChoiceField(
        choices=Result.Winner.choices, help_text="The home or the away side (a draw is refused)."
    )
    reason = serializers.CharField(max_length=corrections.REASON_MAX)


def _outcome(correction: ResultCorrection, code: int = status.HTTP_200_OK) -> Response:
    fixture = selectors.fixture_get(fixture_id=correction.fixture_id)
    result = selectors.result_of(fixture=fixture)
    body = {"correction": correction, "fixture_status": fixture.status, "result": result}
    return Response(CorrectionOutcomeSerializer(body).data, status=code)


def _played(fixture: Fixture) -> Result:
    result = selectors.result_of(fixture=fixture)
    if result is None:
        raise corrections.WrongState(
            "not_played", _("This fixture has no result yet."), field="fixture"
        )
    return result


class _Command(ObjectCommandView):
    permission_classes = [IsCommissioner]

    def get_queryset(self):
        return selectors.fixture_with_league()

    def validated(self, request: Request) -> dict:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return serializer.validated_data


class FixtureCorrectView(_Command):
    serializer_class = CorrectSerializer

    @extend_schema(
        summary="Correct a played result, with a reason (commissioner)",
        request=CorrectSerializer,
        responses=CorrectionOutcomeSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        fixture = self.get_object()
        data = self.validated(request)
        correction = corrections.result_correct(result=_played(fixture), by=request.user, **data)
        return _outcome(correction)


class FixtureVoidView(_Command):
    serializer_class = VoidSerializer

    @extend_schema(
        summary="Void a played result: the fixture is replayed (commissioner)",
        request=VoidSerializer,
        responses=CorrectionOutcomeSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        fixture = self.get_object()
        data = self.validated(request)
        correction = corrections.result_void(
            result=_played(fixture),
            by=request.user,
            reason=data["reason"],
            kickoff=data.get("kickoff"),
        )
        return _outcome(correction)


class FixtureAwardView(_Command):
    serializer_class = AwardSerializer

    @extend_schema(
        summary="Award a fixture not played yet by forfeit (commissioner)",
        request=AwardSerializer,
        responses={201: CorrectionOutcomeSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        fixture = self.get_object()
        data = self.validated(request)
        correction = corrections.fixture_award(fixture=fixture, by=request.user, **data)
        return _outcome(correction, status.HTTP_201_CREATED)


class FixtureCorrectionsView(ObjectCommandView):
    permission_classes = [ReadOnly]

    def get_queryset(self):
        return selectors.fixture_plain()

    @extend_schema(
        summary="A fixture's corrections, voids and awards, newest first",
        responses=ResultCorrectionSerializer(many=True),
    )
    def get(self, request: Request, pk: int) -> Response:
        fixture = self.get_object()
        rows = fixture.corrections.select_related("by").order_by("-created_at", "-pk")
        return Response(ResultCorrectionSerializer(rows, many=True).data)
