"""A Mythril league's settings on the league pages: starting gold, team bets, winnings, the
popularity roll, and points for a draw and a loss (a win is the text's 3)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from league.models import League
from league.rules_forms import LeagueRulesForm
from systems.mythril import RULE_SYSTEM
from systems.mythril.services.settings import SETTING_FIELDS, settings_of

NUMBER = {"widget": forms.NumberInput(attrs={"inputmode": "numeric"})}


class MythrilRulesForm(LeagueRulesForm):
    game_name = RULE_SYSTEM
    rule_template = "mythril/league_rules_fields.html"
    rule_fields = ("points_draw", "points_loss", *SETTING_FIELDS)
    on_create = False

    points_draw = forms.IntegerField(
        label=_("Points for a draw"), min_value=0, max_value=10, initial=1
    )
    points_loss = forms.IntegerField(
        label=_("Points for a loss"),
        min_value=0,
        max_value=10,
        initial=0,
        help_text=_("A win is worth 3 (the text)."),
    )
    starting_gold = forms.IntegerField(
        label=_("Starting gold"), min_value=0, max_value=100_000_000, initial=1_000_000, **NUMBER
    )
    team_bets = forms.BooleanField(label=_("Team bets"), required=False, initial=True)
    winnings_unit = forms.IntegerField(
        label=_("Winnings unit"),
        min_value=0,
        max_value=100_000_000,
        initial=10_000,
        help_text=_("A match's winnings are (1D6 + popularity) × this."),
        **NUMBER,
    )
    popularity_down = forms.IntegerField(
        label=_("Popularity roll: lose a point at or under"), min_value=-10, max_value=20, initial=1
    )
    popularity_up = forms.IntegerField(
        label=_("Popularity roll: gain a point at or over"), min_value=-10, max_value=20, initial=6
    )
    win_modifier = forms.IntegerField(
        label=_("Popularity modifier for a win"), min_value=-5, max_value=5, initial=1
    )
    loss_modifier = forms.IntegerField(
        label=_("Popularity modifier for a loss"), min_value=-5, max_value=5, initial=-1
    )

    def rule_settings(self) -> dict:
        return {key: self.cleaned_data[key] for key in self.rule_fields}

    @classmethod
    def rule_initial(cls, league: League) -> dict:
        current = settings_of(league)
        return {
            "points_draw": league.points_draw,
            "points_loss": league.points_loss,
            **{key: getattr(current, key) for key in SETTING_FIELDS},
        }
