"""What Killpower Ball adds to the core API's teams: their ranking points."""

from rest_framework import serializers

from core.api.fields import read_only_game_field
from systems.killpower import RULE_SYSTEM
from systems.killpower.models import ranking_points_of


def _ranking_points(team) -> int | None:
    return ranking_points_of(team) if team.league.rule_system == RULE_SYSTEM else None


def ranking_points_field() -> serializers.Field:
    return read_only_game_field(
        serializers.IntegerField,
        _ranking_points,
        help_text="Killpower Ball: changed by each post-match sequence, never below 0 (else null).",
    )
