"""What Tutatis adds to the core API's leagues: its budget and Time Warp tokens (read, and
set through the league settings)."""

from functools import partial

from rest_framework import serializers

from core.api.fields import game_field
from league.api.serializers import team_sheet_answer
from systems.tutatis import RULE_SYSTEM, engine, selectors

budget_field = game_field(
    RULE_SYSTEM,
    serializers.IntegerField,
    lambda league: engine.league_rules(league).budget,
    help_text="Tutatis: the team budget in Irr (else null).",
)
tokens_field = game_field(
    RULE_SYSTEM,
    serializers.IntegerField,
    lambda league: engine.league_rules(league).time_warp_tokens,
    help_text="Tutatis: Time Warp tokens per side and match (else null).",
)
budget_setting = partial(
    serializers.IntegerField,
    required=False,
    min_value=1,
    help_text="Tutatis leagues only: the team budget (Irr).",
)
tokens_setting = partial(
    serializers.IntegerField,
    required=False,
    help_text="Tutatis leagues only: Time Warp tokens per side and match (0, 3 or 4).",
)


def team_sheet(*, team) -> dict:
    """The team's sheet as ``GET /api/v1/teams/{id}/sheet/`` answers it (registry
    ``team_sheet``): the engine's sheet, and each broken team-building rule as a blocking
    issue named by its rule code."""
    sheet = selectors.team_sheet(team)
    issues = [
        {"field": error["rule"], "message": error["message"], "blocking": True}
        for error in sheet["check"]["errors"]
    ]
    return team_sheet_answer(team, sheet, issues=issues, complete=not issues)
