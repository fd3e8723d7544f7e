"""What the Mythril league adds to the core API: the team sheet hook and the league settings
it keeps (``league_settings_fields``)."""

from rest_framework import serializers

from core.api.fields import game_field
from league.api.serializers import team_sheet_answer
from league.models import Team
from systems.mythril import RULE_SYSTEM, selectors
from systems.mythril.services.settings import SETTING_FIELDS


def team_sheet(*, team: Team) -> dict:
    return team_sheet_answer(team, selectors.team_sheet(team))


def _int(low: int, high: int, help_text: str):
    return lambda: serializers.IntegerField(
        min_value=low, max_value=high, required=False, help_text=help_text
    )


SETTINGS_FIELDS = {
    "starting_gold": _int(0, 100_000_000, "Mythril: gold a new team starts with (1,000,000)."),
    "team_bets": lambda: serializers.BooleanField(
        required=False, help_text="Mythril: team bets on or off."
    ),
    "winnings_unit": _int(0, 100_000_000, "Mythril: winnings are (1D6 + popularity) × this."),
    "popularity_down": _int(-10, 20, "Mythril: the popularity roll loses a point at or under."),
    "popularity_up": _int(-10, 20, "Mythril: the popularity roll gains a point at or over."),
    "win_modifier": _int(-5, 5, "Mythril: popularity roll modifier for a win."),
    "loss_modifier": _int(-5, 5, "Mythril: popularity roll modifier for a loss."),
}


def _settings(league) -> dict:
    current = selectors.joined_settings_of(league)
    return {key: getattr(current, key) for key in SETTING_FIELDS}


mythril_settings_field = game_field(
    RULE_SYSTEM,
    serializers.JSONField,
    _settings,
    help_text="Mythril: the league's own settings (else null).",
)
treasury_field = game_field(
    RULE_SYSTEM,
    serializers.IntegerField,
    selectors.gold_of,
    help_text="Mythril: the team's gold, its treasury (else null).",
)
