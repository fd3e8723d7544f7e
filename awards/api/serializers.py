"""The awards API's shapes: an award as read (its label in the reader's language), and the
commissioner's custom award as given."""

from rest_framework import serializers

from awards.models import DESCRIPTION_MAX, NAME_MAX, Award
from league.models import Team


class AwardSerializer(serializers.Serializer):
    """An award read from a selector's row (``awards.selectors.AwardRow``)."""

    id = serializers.IntegerField(source="award.pk")
    season = serializers.IntegerField(source="award.season_id")
    season_name = serializers.CharField(source="award.season.name")
    kind = serializers.ChoiceField(source="award.kind", choices=Award.Kind.choices)
    code = serializers.CharField(
        source="award.code", help_text="A game award's code; empty for a custom award."
    )
    label = serializers.CharField(help_text="The award's name, in the reader's language.")
    description = serializers.CharField()
    team = serializers.IntegerField(source="award.team_id")
    team_name = serializers.CharField(source="award.team.name")
    player = serializers.CharField(
        source="award.player_ref",
        help_text="The player's id in the game's roster; empty for a team.",
    )
    player_name = serializers.CharField(source="award.player_name")
    value = serializers.IntegerField(
        source="award.value", allow_null=True, help_text="The count it was won with."
    )
    matches = serializers.IntegerField(
        source="award.matches", allow_null=True, help_text="Over how many matches, where it says."
    )
    created_at = serializers.DateTimeField(source="award.created_at")


class CustomAwardInputSerializer(serializers.Serializer):
    """A custom award; the service checks the rest (the commissioner, the team, the player)."""

    name = serializers.CharField(max_length=NAME_MAX)
    description = serializers.CharField(max_length=DESCRIPTION_MAX, required=False, default="")
    team = serializers.PrimaryKeyRelatedField(queryset=Team.objects.select_related("league"))
    player = serializers.CharField(
        max_length=20,
        required=False,
        default="",
        allow_blank=True,
        help_text="One of the team's players (its id in the game's roster); empty for the team.",
    )
