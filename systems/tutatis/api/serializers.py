"""Serializers of the Tutatis API."""

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core import documents
from core.api.serializers import ModelSerializer
from core.names import validate_name
from systems.tutatis import engine
from systems.tutatis.documents import RESULT_REPORT
from systems.tutatis.models import (
    ENTRY_FIELDS,
    Action,
    ListEntry,
    MatchRoll,
    Player,
    ResultReport,
    TeamList,
)


class TutatisListEntrySerializer(ModelSerializer):
    class Meta:
        model = ListEntry
        fields = ["id", "team_list", *ENTRY_FIELDS]
        read_only_fields = ["id", "team_list"]


class TutatisTeamListSerializer(ModelSerializer):
    entries = TutatisListEntrySerializer(many=True, read_only=True)

    class Meta:
        model = TeamList
        fields = [*(field.name for field in TeamList._meta.fields), "entries"]
        read_only_fields = fields


class TutatisTeamListCopySerializer(serializers.Serializer):
    league = serializers.IntegerField(help_text="The commissioner's Tutatis league.")


class TutatisPlayerSerializer(ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "team", "entry", *ENTRY_FIELDS, "on_pitch", "badly_hurt"]
        read_only_fields = ["id", *ENTRY_FIELDS[1:], "badly_hurt"]  # the name aside: as hired
        extra_kwargs = {"name": {"required": False}}


class TutatisPlayerUpdateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80, required=False, validators=[validate_name])
    on_pitch = serializers.BooleanField(required=False)


class TutatisCheckErrorSerializer(serializers.Serializer):
    rule = serializers.CharField()
    message = serializers.CharField()


class TutatisCheckSerializer(serializers.Serializer):
    ok = serializers.BooleanField()
    cost = serializers.IntegerField()
    budget = serializers.IntegerField()
    errors = TutatisCheckErrorSerializer(many=True)


class TutatisRosterCountSerializer(serializers.Serializer):
    entry = serializers.IntegerField()
    on_pitch = serializers.IntegerField(min_value=0, max_value=12)
    bench = serializers.IntegerField(min_value=0, max_value=12)


class TutatisRosterSerializer(serializers.Serializer):
    entries = TutatisRosterCountSerializer(many=True)


class TutatisRosterOutSerializer(serializers.Serializer):
    players = TutatisPlayerSerializer(many=True)
    check = TutatisCheckSerializer()


class TutatisTeamListChooseSerializer(serializers.Serializer):
    team_list = serializers.IntegerField()


class TutatisMatchRollSerializer(ModelSerializer):
    replaced_by = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)

    class Meta:
        model = MatchRoll
        fields = [
            "id",
            "fixture",
            "action",
            "side",
            "label",
            "params",
            "result",
            "seed",
            "rolls",
            "replaces",
            "replaced_by",
            "rolled_by",
            "created_at",
        ]
        read_only_fields = fields


class TutatisRollInputSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=Action.values)
    side = serializers.ChoiceField(
        choices=["home", "away"],
        required=False,
        help_text="For weather and kickoff: whose roll it is.",
    )
    player = serializers.CharField(
        required=False, help_text='"home:<player id>" (test, fall, injury).'
    )
    attacker = serializers.CharField(required=False)
    defender = serializers.CharField(required=False)
    attacker_helpers = serializers.IntegerField(required=False, min_value=0, max_value=8)
    defender_helpers = serializers.IntegerField(required=False, min_value=0, max_value=8)
    shooter = serializers.CharField(required=False)
    keeper = serializers.CharField(required=False)
    distance = serializers.IntegerField(required=False, min_value=0, max_value=16)
    fouler = serializers.CharField(required=False)
    victim = serializers.CharField(required=False)
    characteristic = serializers.ChoiceField(choices=engine.STATS, required=False)
    modifier = serializers.IntegerField(required=False, min_value=-6, max_value=6)
    rock_pitch = serializers.BooleanField(required=False)
    unconscious = serializers.ListField(child=serializers.IntegerField(), required=False)
    badly_hurt = serializers.ListField(child=serializers.IntegerField(), required=False)


class TutatisSideResultSerializer(serializers.Serializer):
    goals = serializers.IntegerField(min_value=0, max_value=60)
    over_bar = serializers.IntegerField(min_value=0, max_value=60)
    badly_hurt = serializers.ListField(child=serializers.CharField(), required=False, default=list)


class TutatisResultInputSerializer(serializers.Serializer):
    home = TutatisSideResultSerializer()
    away = TutatisSideResultSerializer()


class TutatisDecideSerializer(serializers.Serializer):
    result = TutatisResultInputSerializer(required=False)
    note = serializers.CharField(max_length=500, required=False, default="")


class TutatisDisputeSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500, required=False, default="")


class ReportPayloadField(serializers.JSONField):
    """The report's result as the engine reads it (without the stored version stamp: the
    API answers the shape it always did)."""

    def to_representation(self, value: Any) -> Any:
        return documents.read(RESULT_REPORT, value)


HIDDEN = ("decisions", "options", "disputed_by")
"""A report's columns the API does not answer (the workflow's own)."""


class TutatisResultReportSerializer(ModelSerializer):
    payload = ReportPayloadField(read_only=True, label=_("Result"))

    class Meta:
        model = ResultReport
        fields = [field.name for field in ResultReport._meta.fields if field.name not in HIDDEN]
        read_only_fields = fields
