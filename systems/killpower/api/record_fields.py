"""What a Killpower Ball match record carries besides the engine's common keys: the report
as recorded, the teams as they were at kick-off, the points to score (TABLE 3) and, in a
tournament's drawn match, the free throws with their rolls."""

from collections.abc import Callable

from rest_framework import serializers


def record_fields() -> dict[str, Callable[[], serializers.Field]]:
    return {
        "report": lambda: serializers.JSONField(
            required=False, help_text="Killpower: the match report."
        ),
        "points_to_score": lambda: serializers.DictField(
            child=serializers.IntegerField(), required=False, help_text="Killpower: TABLE 3."
        ),
        "free_throws": lambda: serializers.JSONField(
            required=False, allow_null=True, help_text="Killpower tournament draw: the shots."
        ),
        "home_team": lambda: serializers.JSONField(
            required=False, help_text="Killpower: as at kick-off."
        ),
        "away_team": lambda: serializers.JSONField(
            required=False, help_text="Killpower: as at kick-off."
        ),
        "mode": lambda: serializers.CharField(
            required=False, help_text="Killpower: championship, tournament."
        ),
    }
