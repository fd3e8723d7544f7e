"""Forms of the Rotzball pages: a player, the line-up, the match plan, and a league's settings
(the coach rule beside the points table and ranking order)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import PageForm
from league.models import League
from league.rules_forms import StandingsRulesForm
from systems.rotzball import RULE_SYSTEM
from systems.rotzball.models import CoachRule, LineupSlot, Player, Tactic
from systems.rotzball.selectors.teams import coach_rule_of
from systems.rotzball.services import PLAYER_FIELDS


class PlayerForm(PageForm):
    """A player's name and WFRP characteristics (percentages, 1-100)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # hx-preserve: the roster page checks the form as each field loses focus and swaps it
        # back with its errors; what is typed meanwhile stays as it is.
        self.fields["name"] = forms.CharField(
            label=_("Name"), max_length=80, widget=forms.TextInput(attrs={"hx-preserve": "true"})
        )
        for name in PLAYER_FIELDS[1:]:
            self.fields[name] = forms.IntegerField(
                label=Player._meta.get_field(name).verbose_name,
                min_value=1,
                max_value=100,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "hx-preserve": "true"}),
            )


class LineupForm(PageForm):
    """A select per Rotzball position among the team's players."""

    def __init__(self, *args, players: list[Player], **kwargs):
        super().__init__(*args, **kwargs)
        choices = [
            ("", _("— empty —")),
            *((player.pk, self.player_label(player)) for player in players),
        ]
        for position, label in LineupSlot.Position.choices:
            self.fields[position] = forms.TypedChoiceField(
                label=label, choices=choices, coerce=int, empty_value=None, required=False
            )

    @staticmethod
    def player_label(player: Player) -> str:
        return (
            f"{player.name} · E {player.endurance} · Ag {player.agility} · "
            f"F {player.strength} · Int {player.intelligence}"
        )


class MatchPlanForm(PageForm):
    tactic = forms.ChoiceField(
        label=_("Match plan"), choices=Tactic.choices, widget=forms.RadioSelect
    )


class RotzballRulesForm(StandingsRulesForm):
    """A Rotzball league's settings: the coach rule, points per result, the ranking order."""

    game_name = RULE_SYSTEM
    rule_template = "rotzball/league_rules_fields.html"
    on_create = False

    coach_rule = forms.ChoiceField(
        label=_("Coach rule"),
        choices=CoachRule.choices,
        widget=forms.RadioSelect,
        help_text=_(
            "Every turn each coach is tested and a success gives +5 to the team's rolls; or, the "
            "rule text's variant, the team with the better coach gets the difference as a bonus "
            "to all its rolls for the whole match."
        ),
    )

    rule_fields = ("coach_rule", *StandingsRulesForm.standings_fields, "tiebreakers")

    def rule_settings(self) -> dict:
        return {"coach_rule": self.cleaned_data["coach_rule"]} | super().rule_settings()

    @classmethod
    def rule_initial(cls, league: League) -> dict:
        return {"coach_rule": coach_rule_of(league)} | super().rule_initial(league)
