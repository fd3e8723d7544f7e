"""Input and output shapes of the Killpower Ball league API: gladiators, team creation,
raises. Every computed number (characteristics, armour, raises available, power, division)
comes from the rules engine through ``systems.killpower.selectors.gladiators``."""

from typing import Any

from rest_framework import serializers

from core.api.fields import UserField
from core.api.serializers import ModelSerializer
from core.names import validate_name
from league.api.serializers import TeamSerializer
from league.models import League, Team
from rules_engine.killpower import Characteristic
from systems.killpower.engine import STORED
from systems.killpower.models import (
    EquipmentKind,
    Gladiator,
    GladiatorEvent,
    GladiatorSpecialization,
)
from systems.killpower.selectors import gladiators as selectors

CHARACTERISTICS = [c.value for c in Characteristic]


class GladiatorSerializer(ModelSerializer):
    """Reads the engine's sheet of a gladiator once per object."""

    characteristics = serializers.DictField(
        child=serializers.IntegerField(),
        source="engine_sheet.characteristics",
        read_only=True,
        help_text="DEP, PHY, HAB, POU, BAL, VIE: race base + specialization + raises.",
    )
    armour = serializers.IntegerField(
        source="engine_sheet.armour", read_only=True, help_text="Magic armour's value, otherwise 1."
    )
    raises_available = serializers.IntegerField(
        source="engine_sheet.raises_available",
        read_only=True,
        help_text="XP // 10 - raises taken.",
    )

    class Meta:
        model = Gladiator
        fields = ["id", "team", "number", *STORED, "status", "characteristics", "armour",
                  "raises_available", "created_at", "died_at"]  # fmt: skip
        read_only_fields = fields

    def to_representation(self, gladiator: Gladiator) -> dict[str, Any]:
        gladiator.engine_sheet = selectors.gladiator_sheet(gladiator=gladiator)
        return super().to_representation(gladiator)


class GladiatorEventSerializer(ModelSerializer):
    fixture_label = serializers.SerializerMethodField()

    class Meta:
        model = GladiatorEvent
        fields = ["id", "kind", "fixture", "fixture_label", "detail", "created_at"]
        read_only_fields = fields

    def get_fixture_label(self, event: GladiatorEvent) -> str | None:
        return str(event.fixture) if event.fixture_id else None


class GladiatorDetailSerializer(GladiatorSerializer):
    events = GladiatorEventSerializer(many=True, read_only=True, help_text="His history.")

    class Meta(GladiatorSerializer.Meta):
        fields = [*GladiatorSerializer.Meta.fields, "events"]


class GladiatorRaiseSerializer(serializers.Serializer):
    characteristic = serializers.ChoiceField(
        choices=CHARACTERISTICS, help_text="PHY, HAB, POU, BAL or VIE (DEP is never raised)."
    )


class GladiatorRenameSerializer(serializers.Serializer):
    name = serializers.CharField(
        allow_blank=True, help_text="The new name: unique among the team's living gladiators."
    )


class RecruitSerializer(serializers.Serializer):
    """One gladiator the coach chooses; what is drawn (armour, cards) is drawn on creation."""

    name = serializers.CharField(max_length=80, validators=[validate_name])
    specialization = serializers.ChoiceField(choices=GladiatorSpecialization.choices)
    equipment = serializers.ChoiceField(choices=EquipmentKind.choices)
    cards = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="Two chosen power cards (tournament mode); otherwise drawn from the deck.",
    )


class KillpowerTeamCreateSerializer(serializers.Serializer):
    league = serializers.PrimaryKeyRelatedField(queryset=League.objects.all())
    name = serializers.CharField(max_length=80, validators=[validate_name])
    coach = UserField(allow_null=True, required=False)
    primary_colour = serializers.CharField(max_length=7, required=False)
    secondary_colour = serializers.CharField(max_length=7, required=False)
    gladiators = RecruitSerializer(
        many=True,
        required=False,
        help_text="Up to seven chosen gladiators; automatic recruits complete the seven.",
    )


class KillpowerTeamSerializer(TeamSerializer):
    """A Killpower team with its seven living gladiators."""

    gladiators = serializers.SerializerMethodField()

    class Meta(TeamSerializer.Meta):
        fields = [*TeamSerializer.Meta.fields, "gladiators"]
        read_only_fields = fields

    def get_gladiators(self, team: Team) -> list[dict[str, Any]]:
        return GladiatorSerializer(selectors.living_gladiators(team=team), many=True).data
