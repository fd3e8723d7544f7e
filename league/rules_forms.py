"""The base of every game's league rules form (``league.plugins.rules_form``): the default, with
nothing to add, and the points-and-ranking form of the games ranked by a points table.

Kept apart from ``league.forms``, which mixes a game's rules form into the league pages' forms
through the plug-in point: the point's default is this module's form.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import PageForm
from league.models import TIEBREAKER_CHOICES, League

MAX_TIEBREAKERS = len(TIEBREAKER_CHOICES)


class LeagueRulesForm(PageForm):
    """The default of every rules-form hook, first in the order so a game's override wins."""

    game_name = ""
    rule_template = ""
    rule_fields: tuple[str, ...] = ()
    on_create = False

    def rule_settings(self) -> dict:
        """The settings as the league services take them: each rule field's value."""
        return {key: self.cleaned_data[key] for key in self.rule_fields}

    @classmethod
    def rule_initial(cls, league: League) -> dict:
        return {}

    def error_field(self, field: str, message: str) -> str:
        return field


class StandingsRulesForm(LeagueRulesForm):
    """Points per result and the ranking order: for the games ranked by a points table."""

    standings_fields = ("points_win", "points_draw", "points_loss")

    points_win = forms.IntegerField(label=_("Points for a win"), min_value=0, max_value=10)
    points_draw = forms.IntegerField(label=_("Points for a draw"), min_value=0, max_value=10)
    points_loss = forms.IntegerField(label=_("Points for a loss"), min_value=0, max_value=10)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", _("(none)")), *TIEBREAKER_CHOICES]
        for index in range(1, MAX_TIEBREAKERS + 1):
            self.fields[f"tiebreaker_{index}"] = forms.ChoiceField(
                label=_("Rank %(n)s") % {"n": index}, choices=choices, required=False
            )
        # Where the service's errors about the whole order go (drawn as the fieldset's).
        self.fields["tiebreakers"] = forms.CharField(
            label=_("Ranking order"), required=False, widget=forms.HiddenInput
        )

    def tiebreaker_fields(self):
        return [
            self[f"tiebreaker_{index}"]
            for index in range(1, MAX_TIEBREAKERS + 1)
            if f"tiebreaker_{index}" in self.fields
        ]

    def rule_settings(self) -> dict:
        data = {key: self.cleaned_data[key] for key in self.standings_fields}
        data["tiebreakers"] = [
            self.cleaned_data[f"tiebreaker_{index}"]
            for index in range(1, MAX_TIEBREAKERS + 1)
            if self.cleaned_data.get(f"tiebreaker_{index}")
        ]
        return data

    @classmethod
    def rule_initial(cls, league: League) -> dict:
        initial = {field: getattr(league, field) for field in cls.standings_fields}
        for index, key in enumerate(league.tiebreakers, start=1):
            initial[f"tiebreaker_{index}"] = key
        return initial
