"""What a Killpower Ball match record carries besides the engine's common keys: the report
as recorded, the teams as they were at kick-off, the points to score (TABLE 3) and, in a
tournament's drawn match, the free throws with their rolls."""

from collections.abc import Callable
from functools import partial

from rest_framework import serializers


def record_fields() -> dict[str, Callable[[], serializers.Field]]:
    optional = partial(serializers.JSONField, required=False)
    at_kick_off = partial(optional, help_text="Killpower: as at kick-off.")
    return {
        "report": partial(optional, help_text="Killpower: the match report."),
        "points_to_score": lambda: serializers.DictField(
            child=serializers.IntegerField(), required=False, help_text="Killpower: TABLE 3."
        ),
        "free_throws": partial(
            optional, allow_null=True, help_text="Killpower tournament draw: the shots."
        ),
        "home_team": at_kick_off,
        "away_team": at_kick_off,
        "mode": partial(
            serializers.CharField, required=False, help_text="Killpower: championship, tournament."
        ),
    }
