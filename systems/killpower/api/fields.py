"""What Killpower Ball adds to the core API's teams: their ranking points."""

from rest_framework import serializers

from core.api.fields import game_field
from systems.killpower import RULE_SYSTEM
from systems.killpower.models import ranking_points_of

ranking_points_field = game_field(
    RULE_SYSTEM,
    serializers.IntegerField,
    ranking_points_of,
    help_text="Killpower Ball: changed by each post-match sequence, never below 0 (else null).",
)
