"""What Tutatis adds to the core API's leagues: its budget and Time Warp tokens (read, and
set through the league settings)."""

from rest_framework import serializers

from core.api.fields import read_only_game_field
from systems.tutatis import RULE_SYSTEM, engine


def _budget(league) -> int | None:
    return engine.league_rules(league).budget if league.rule_system == RULE_SYSTEM else None


def _tokens(league) -> int | None:
    if league.rule_system != RULE_SYSTEM:
        return None
    return engine.league_rules(league).time_warp_tokens


def budget_field() -> serializers.Field:
    return read_only_game_field(
        serializers.IntegerField, _budget, help_text="Tutatis: the team budget in Irr (else null)."
    )


def tokens_field() -> serializers.Field:
    return read_only_game_field(
        serializers.IntegerField,
        _tokens,
        help_text="Tutatis: Time Warp tokens per side and match (else null).",
    )


def budget_setting() -> serializers.Field:
    return serializers.IntegerField(
        required=False, min_value=1, help_text="Tutatis leagues only: the team budget (Irr)."
    )


def tokens_setting() -> serializers.Field:
    return serializers.IntegerField(
        required=False,
        help_text="Tutatis leagues only: Time Warp tokens per side and match (0, 3 or 4).",
    )


def team_sheet(*, team) -> dict:
    """The team's sheet as ``GET /api/v1/teams/{id}/sheet/`` answers it (registry
    ``team_sheet``): the engine's sheet, and each broken team-building rule as a blocking
    issue named by its rule code."""
    from systems.tutatis import selectors

    sheet = selectors.team_sheet(team)
    issues = [
        {"field": error["rule"], "message": error["message"], "blocking": True}
        for error in sheet["check"]["errors"]
    ]
    return {
        "team": team,
        "rule_system": team.league.rule_system,
        "sheet": sheet,
        "complete": not issues,
        "issues": issues,
        "ratings": None,
        "scores": {},
    }
