"""Forms of the Tutatis pages: they parse input; the services decide."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import PageForm
from league.models import League
from league.rules_forms import StandingsRulesForm
from rules_engine.tutatis import DEFAULT_BUDGET
from rules_engine.tutatis.match_day import SIDES
from systems.tutatis import RULE_SYSTEM, engine
from systems.tutatis.models import ENTRY_FIELDS, Action, ListEntry

MAX_COUNT = 12
NUMBER = forms.NumberInput(attrs={"inputmode": "numeric"})


class TutatisRulesForm(StandingsRulesForm):
    """A Tutatis league's settings: the budget, the Time Warp tokens, points per result."""

    game_name = RULE_SYSTEM
    rule_template = "tutatis/league_rules_fields.html"
    on_create = True

    tutatis_budget = forms.IntegerField(
        label=_("Team budget (Irr)"),
        min_value=1,
        max_value=100_000,
        initial=DEFAULT_BUDGET,
        widget=NUMBER,
        help_text=_("600 Irr in the rules; coaches may agree on more."),
    )
    time_warp_tokens = forms.TypedChoiceField(
        label=_("Time Warp tokens per match"),
        choices=[(0, _("Not used")), (3, "3"), (4, "4")],
        coerce=int,
        initial=3,
        help_text=_("Each side re-rolls that many throws per match; the second roll stands."),
    )

    OWN = {"tutatis_budget": "budget", "time_warp_tokens": "time_warp_tokens"}
    """This game's fields, each with the league rules' column it sets."""
    rule_fields = (*OWN, *StandingsRulesForm.standings_fields, "tiebreakers")
    POINTS = {"points_win": 3, "points_draw": 1, "points_loss": 0}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name, value in self.POINTS.items():  # the new-league page: the usual table
            self.fields[name].required = False
            self.fields[name].initial = value

    def rule_settings(self) -> dict:
        standings = super().rule_settings()
        own = {key: self.cleaned_data[key] for key in self.OWN}
        return own | {key: value for key, value in standings.items() if value not in (None, [])}

    @classmethod
    def rule_initial(cls, league: League) -> dict:
        rules = engine.league_rules(league)
        own = {key: getattr(rules, column) for key, column in cls.OWN.items()}
        return own | super().rule_initial(league)


class TeamListForm(PageForm):
    team_list = forms.ModelChoiceField(label=_("Team list"), queryset=None, empty_label=None)

    def __init__(self, *args, lists, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["team_list"].queryset = lists


class RosterForm(PageForm):
    """Two counts per entry of the team's list: on the pitch, on the bench."""

    def __init__(self, *args, entries, counts, **kwargs):
        super().__init__(*args, **kwargs)
        self.entries = list(entries)
        places = (("pitch", _("%(name)s on the pitch")), ("bench", _("%(name)s on the bench")))
        for entry in self.entries:
            for (place, label), count in zip(places, counts.get(entry.pk, (0, 0)), strict=True):
                self.fields[f"{place}_{entry.pk}"] = forms.IntegerField(
                    label=label % {"name": entry.name},
                    min_value=0,
                    max_value=MAX_COUNT,
                    initial=count,
                    widget=NUMBER,
                )

    def rows(self):
        return [
            (entry, self[f"pitch_{entry.pk}"], self[f"bench_{entry.pk}"]) for entry in self.entries
        ]

    def counts(self) -> dict[int, tuple[int, int]]:
        return {
            entry.pk: (self.cleaned_data[pitch.name], self.cleaned_data[bench.name])
            for entry, pitch, bench in self.rows()
        }


class ListEntryForm(forms.ModelForm):
    class Meta:
        model = ListEntry
        fields = ENTRY_FIELDS


def _number(label, low: int, high: int) -> forms.IntegerField:
    return forms.IntegerField(
        label=label, min_value=low, max_value=high, initial=0, required=False, widget=NUMBER
    )


def _ticks(label, choices: list[tuple[str, str]]) -> forms.MultipleChoiceField:
    return forms.MultipleChoiceField(
        label=label, choices=choices, required=False, widget=forms.CheckboxSelectMultiple
    )


class RollForm(PageForm):
    """One form for every match-day action; each action reads the fields it needs."""

    action = forms.ChoiceField(choices=Action.choices, widget=forms.HiddenInput)
    side = forms.ChoiceField(
        label=_("Side"), choices=[("home", _("Home")), ("away", _("Away"))], required=False
    )
    attacker_helpers = _number(_("Helpers"), 0, 8)
    defender_helpers = _number(_("Helpers"), 0, 8)
    distance = _number(_("Squares to the goal"), 0, 16)
    characteristic = forms.ChoiceField(
        label=_("Characteristic"),
        required=False,
        choices=[(stat, stat.upper()) for stat in engine.STATS],
    )
    modifier = _number(_("Modifier"), -6, 6)
    rock_pitch = forms.BooleanField(label=_("Dwarf rock pitch (Co − 1)"), required=False)

    PLAYER_ROLES = {
        "player": _("Player"),
        "attacker": _("Attacker"),
        "defender": _("Defender"),
        "shooter": _("Shooter"),
        "keeper": _("Goalkeeper"),
        "fouler": _("Fouler"),
        "victim": _("Player on the ground"),
    }

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        for role, label in self.PLAYER_ROLES.items():
            self.fields[role] = forms.ChoiceField(
                label=label, choices=[("", "—"), *players], required=False
            )
        for name, label in (("unconscious", _("Unconscious")), ("badly_hurt", _("Badly hurt"))):
            self.fields[name] = _ticks(label, players)

    def inputs(self) -> dict:
        data = {
            key: value
            for key, value in self.cleaned_data.items()
            if value not in (None, "") and key != "action"
        }
        for key in ("unconscious", "badly_hurt"):
            data[key] = [int(value.partition(":")[2]) for value in data.get(key, [])]
        if self.cleaned_data.get("action") == "kickoff" and not self.data.get("set_injuries"):
            data.pop("badly_hurt", None)
        return data


class ResultForm(PageForm):
    """Each side's goals, shots over the bar, and players badly hurt at the final whistle
    (``players``: each side's names)."""

    SCORES = {"goals": _("Goals (3 points)"), "over_bar": _("Over the bar (1 point)")}

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        for side in SIDES:
            for name, label in self.SCORES.items():
                self.fields[f"{side}_{name}"] = forms.IntegerField(
                    label=label, min_value=0, max_value=60, initial=0, widget=NUMBER
                )
            names = [(name, name) for name in players[side]]
            self.fields[f"{side}_badly_hurt"] = _ticks(_("Badly hurt at the final whistle"), names)

    def result(self) -> dict:
        """Each side's part of the report, as the engine reads it."""
        keys = (*self.SCORES, "badly_hurt")
        return {side: {key: self.cleaned_data[f"{side}_{key}"] for key in keys} for side in SIDES}
