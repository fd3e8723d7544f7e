"""Input and output shapes of the Rotzball API: players, the line-up, the match plan."""

from django.utils.translation import gettext as _
from rest_framework import serializers

from core.api.serializers import ModelSerializer
from systems.rotzball.models import LineupSlot, Player, Tactic
from systems.rotzball.services import PLAYER_FIELDS

MAX_ID = 2**63 - 1
"""The largest id a table has (a 64-bit key): a larger number names no player."""


class LineupSerializer(serializers.Serializer):
    """Position -> player id, or null for an empty position. Positions not named are emptied."""

    def get_fields(self):
        return {
            position: serializers.IntegerField(
                required=False,
                allow_null=True,
                min_value=1,
                max_value=MAX_ID,
                help_text=f"Player id for {label}.",
            )
            for position, label in LineupSlot.Position.choices
        }

    def validate(self, attrs):
        unknown = sorted(set(self.initial_data) - set(self.fields))
        if unknown:
            raise serializers.ValidationError({key: _("Unknown position.") for key in unknown})
        return attrs


class LineupPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class LineupOutputSerializer(serializers.Serializer):
    """The line-up: each position's player, or null when empty."""

    def get_fields(self):
        return {
            position: LineupPlayerSerializer(allow_null=True, help_text=label)
            for position, label in LineupSlot.Position.choices
        }


class MatchPlanSerializer(serializers.Serializer):
    tactic = serializers.ChoiceField(choices=Tactic.choices)


class PlayerSerializer(ModelSerializer):
    position = serializers.SerializerMethodField(
        help_text="Line-up position, or null for a reserve."
    )

    class Meta:
        model = Player
        fields = ["id", "team", *PLAYER_FIELDS, "position", "created_at"]
        read_only_fields = ["id", "position", "created_at"]
        validators: list = []  # the service checks the name is unique in its team

    def get_position(self, player: Player) -> str | None:
        slots = player.lineup_slots.all()  # prefetched by the view
        return slots[0].position if slots else None


class PlayerUpdateSerializer(PlayerSerializer):
    class Meta(PlayerSerializer.Meta):
        read_only_fields = ["id", "team", "position", "created_at"]
