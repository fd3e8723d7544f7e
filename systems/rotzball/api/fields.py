"""What Rotzball adds to the core API's teams and leagues: a team's match plan, a league's
coach rule (read, and set through the league settings)."""

from collections.abc import Callable
from functools import partial

from rest_framework import serializers

from core.api.fields import game_field
from systems.rotzball import RULE_SYSTEM
from systems.rotzball.models import CoachRule, Tactic
from systems.rotzball.selectors.teams import coach_rule_of, tactic_of

tactic_field = game_field(
    RULE_SYSTEM,
    serializers.ChoiceField,
    tactic_of,
    choices=Tactic.choices,
    help_text="Rotzball: the team's match plan (else null).",
)
coach_rule_field = game_field(
    RULE_SYSTEM,
    serializers.ChoiceField,
    coach_rule_of,
    choices=CoachRule.choices,
    help_text="Rotzball: the coach rule (else null).",
)
coach_rule_setting = partial(
    serializers.ChoiceField,
    choices=CoachRule.choices,
    required=False,
    help_text="Rotzball leagues only: a coach test every turn, or the coach difference for "
    "the whole match.",
)


def record_fields() -> dict[str, Callable[[], serializers.Field]]:
    """A simulated match's own keys of its record: the possessions each side had and every
    turn played."""
    return {
        "possessions": lambda: serializers.DictField(
            child=serializers.IntegerField(), required=False
        ),
        "turns": lambda: serializers.ListField(child=serializers.DictField(), required=False),
    }
