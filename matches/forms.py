"""Forms of the fixture pages: generate a season's fixtures, schedule one, reschedule."""

from datetime import timedelta

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import PageForm
from league.models import Team
from matches.models import MAX_ROUND
from matches.services import first_kickoff_default


class FixturesGenerateForm(PageForm):
    double = forms.TypedChoiceField(
        label=_("Format"),
        choices=[
            ("1", _("Double round robin (each pair meets home and away)")),
            ("0", _("Single round robin (each pair meets once)")),
        ],
        coerce=lambda value: value == "1",
        initial="1",
        widget=forms.RadioSelect,
    )
    first_kickoff = forms.DateTimeField(
        label=_("First kick-off"),
        initial=first_kickoff_default,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Round 1 kicks off then; line-ups freeze at each kick-off."),
    )
    interval = forms.IntegerField(
        label=_("Days between rounds"), min_value=1, max_value=60, initial=7
    )

    def schedule(self) -> dict:
        """Keyword arguments of ``fixtures_generate``."""
        return {
            "double": self.cleaned_data["double"],
            "first_kickoff": self.cleaned_data["first_kickoff"],
            "interval": timedelta(days=self.cleaned_data["interval"]),
        }


class FixtureScheduleForm(PageForm):
    """One fixture between any two teams of the league."""

    home = forms.ModelChoiceField(label=_("Home"), queryset=Team.objects.none())
    away = forms.ModelChoiceField(label=_("Away"), queryset=Team.objects.none())
    kickoff = forms.DateTimeField(
        label=_("Kick-off"),
        initial=first_kickoff_default,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    round = forms.IntegerField(
        label=_("Round"),
        min_value=1,
        max_value=MAX_ROUND,
        required=False,
        help_text=_("Left empty: a new round after the last one."),
    )

    def __init__(self, *args, league, **kwargs):
        super().__init__(*args, **kwargs)
        teams = league.teams.filter(retired_at__isnull=True).order_by("name")
        self.fields["home"].queryset = teams
        self.fields["away"].queryset = teams

    def schedule(self) -> dict:
        """Keyword arguments of ``fixture_schedule``."""
        data = self.cleaned_data
        return {
            "home": data["home"],
            "away": data["away"],
            "kickoff": data["kickoff"],
            "round_number": data["round"],
        }


class RescheduleForm(PageForm):
    kickoff = forms.DateTimeField(
        label=_("New kick-off"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    past = forms.BooleanField(
        label=_("Yes, kick off at a time already past"),
        required=False,
        help_text=_(
            "Only needed when the new kick-off is past: the fixture then kicks off at once."
        ),
    )


class RoundDeadlinesForm(PageForm):
    """A deadline per round of a season (blank: none), in the reader's time zone, to the
    minute."""

    def __init__(self, *args, rounds: list[int], saved: dict, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.rounds = rounds
        for number in rounds:
            due_at = saved.get(number)
            self.fields[f"round_{number}"] = forms.DateTimeField(
                label=_("Round %(n)s") % {"n": number},
                required=False,
                # to the minute, as the widget shows it: a round left as shown is unchanged
                initial=due_at.replace(second=0, microsecond=0) if due_at else None,
                widget=forms.DateTimeInput(
                    attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"
                ),
            )

    def deadlines(self) -> dict:
        """The rounds the reader changed: the others keep their deadline (its seconds too)
        and the reminders already sent for it."""
        return {
            number: self.cleaned_data[f"round_{number}"]
            for number in self.rounds
            if f"round_{number}" in self.changed_data
        }


class ExtendForm(PageForm):
    days = forms.IntegerField(label=_("Days"), min_value=1, max_value=60, initial=3)


class KickoffProposalForm(PageForm):
    at = forms.DateTimeField(
        label=_("Propose a kick-off"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("In your time zone; the other coach accepts it or proposes another."),
    )
