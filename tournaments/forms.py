"""The tournament pages' forms: they check input; the services decide."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import PageForm
from tournaments.models import DEFAULT_TIEBREAKERS, Tournament


class TournamentForm(PageForm):
    name = forms.CharField(label=_("Name"), max_length=80)
    format = forms.ChoiceField(
        label=_("Format"),
        choices=Tournament.Format.choices,
        initial=Tournament.Format.SWISS,
        required=False,
        help_text=_(
            "Swiss: rounds paired by score. Double elimination: a team is out at its second "
            "loss. Groups then knock-out: round robins, then a bracket."
        ),
    )
    season = forms.ModelChoiceField(
        label=_("Season"),
        queryset=None,
        help_text=_("A season without fixtures: the tournament makes them round by round."),
    )
    teams = forms.ModelMultipleChoiceField(
        label=_("Entries"),
        queryset=None,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("In seeding order for the first round: the order of the list."),
    )
    rounds = forms.IntegerField(
        label=_("Rounds"),
        min_value=1,
        max_value=999,
        required=False,
        help_text=_(
            "Swiss: leave empty for the usual number, ceil(log2(teams)). A double elimination "
            "plays as many rounds as its bracket needs."
        ),
    )
    shape = forms.ChoiceField(
        label=_("Pairing within a score group"),
        choices=Tournament.Shape.choices,
        initial=Tournament.Shape.FOLD,
    )
    avoid_rematch = forms.BooleanField(label=_("Avoid rematches"), required=False, initial=True)
    bye_points = forms.IntegerField(
        label=_("Points for a bye"),
        min_value=0,
        max_value=100,
        required=False,
        help_text=_("Leave empty for a win's points."),
    )
    bracket_reset = forms.BooleanField(
        label=_("Bracket reset"),
        required=False,
        initial=True,
        help_text=_(
            "Double elimination: when the losers' bracket champion wins the grand final, a "
            "second final decides, both teams then having lost once."
        ),
    )
    group_count = forms.IntegerField(
        label=_("Groups"),
        min_value=1,
        max_value=64,
        required=False,
        initial=2,
        help_text=_("Groups then knock-out: the entries spread over the groups in turn."),
    )
    qualifiers = forms.IntegerField(
        label=_("Qualifiers per group"),
        min_value=1,
        max_value=64,
        required=False,
        initial=2,
        help_text=_("Groups then knock-out: the first of each group into the knock-out."),
    )
    tiebreakers = forms.CharField(
        label=_("Tie-breakers, in order"),
        initial=", ".join(DEFAULT_TIEBREAKERS),
        max_length=400,
    )

    def __init__(self, *args, seasons, teams, metric_labels: dict[str, str], **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["season"].queryset = seasons
        self.fields["teams"].queryset = teams
        names = ", ".join(f"{name} ({label})" for name, label in metric_labels.items())
        self.fields["tiebreakers"].help_text = _(
            "Names separated by commas, the first deciding first. Available: %(names)s."
        ) % {"names": names}

    def clean_format(self) -> str:
        return self.cleaned_data["format"] or Tournament.Format.SWISS

    def clean_tiebreakers(self) -> list[str]:
        return [
            name.strip() for name in self.cleaned_data["tiebreakers"].split(",") if name.strip()
        ]


class TeamForm(PageForm):
    team = forms.ModelChoiceField(label=_("Team"), queryset=None)

    def __init__(self, *args, teams, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = teams


class SwapForm(PageForm):
    first = forms.ModelChoiceField(label=_("Team"), queryset=None)
    second = forms.ModelChoiceField(label=_("swaps places with"), queryset=None)

    def __init__(self, *args, teams, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["first"].queryset = teams
        self.fields["second"].queryset = teams


class PublishForm(PageForm):
    first_kickoff = forms.DateTimeField(
        label=_("Kick-off"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text=_("Leave empty for tomorrow evening."),
    )
