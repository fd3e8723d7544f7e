"""The forms of a commissioner's result corrections: correct, void, award. Each asks for the
reason and a confirmation; the rules themselves are the services' (``matches.corrections``)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import PageForm
from matches import plugins
from matches.corrections import REASON_MAX
from matches.models import MAX_SCORE, Fixture, Result


def _reason() -> forms.CharField:
    return forms.CharField(
        label=_("Reason"),
        max_length=REASON_MAX,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Kept with the fixture's history and sent to both coaches."),
    )


def _winner_choices(fixture: Fixture, outcomes: tuple[str, ...]) -> list[tuple[str, str]]:
    names = {"home": fixture.home.name, "away": fixture.away.name, "draw": _("Draw")}
    return [(outcome, names[outcome]) for outcome in outcomes]


class ResultCorrectForm(PageForm):
    home_score = forms.IntegerField(min_value=0, max_value=MAX_SCORE)
    away_score = forms.IntegerField(min_value=0, max_value=MAX_SCORE)
    winner = forms.ChoiceField(label=_("Winner"), widget=forms.RadioSelect)
    reason = _reason()
    confirm = forms.BooleanField(
        label=_("Yes, change this played result: the standings and the bets follow it."),
    )

    def __init__(self, *args, fixture: Fixture, result: Result, **kwargs):
        kwargs.setdefault(
            "initial",
            {
                "home_score": result.home_score,
                "away_score": result.away_score,
                "winner": result.winner,
            },
        )
        super().__init__(*args, **kwargs)
        self.fields["home_score"].label = _("Score of %(team)s") % {"team": fixture.home.name}
        self.fields["away_score"].label = _("Score of %(team)s") % {"team": fixture.away.name}
        outcomes = plugins.outcomes_of(fixture)
        self.fields["winner"].choices = _winner_choices(fixture, outcomes)

    def values(self) -> dict:
        """Keyword arguments of ``result_correct``."""
        return {
            key: self.cleaned_data[key] for key in ("home_score", "away_score", "winner", "reason")
        }


class ResultVoidForm(PageForm):
    reason = _reason()
    kickoff = forms.DateTimeField(
        label=_("Kick-off of the replay"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Left empty: the fixture keeps its kick-off, so it may kick off at once."),
    )
    confirm = forms.BooleanField(
        label=_("Yes, remove this result: the fixture is played again and its bets reopen."),
    )


class FixtureAwardForm(PageForm):
    winner = forms.ChoiceField(label=_("Awarded to"), widget=forms.RadioSelect)
    reason = _reason()
    confirm = forms.BooleanField(
        label=_("Yes, award the fixture by forfeit instead of playing it."),
    )

    def __init__(self, *args, fixture: Fixture, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["winner"].choices = _winner_choices(fixture, ("home", "away"))
