"""Forms of the betting pages: they parse and draw input; the services decide.

The slip checks only that a stake is a whole number and an outcome one of the fixture's; the
stake's range, the wallet's balance and whether the fixture still takes bets are the service's
to say (``betting.bets.bet_place``), in words, on the field it names.
"""

import uuid

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from betting.league_settings import FIELDS
from betting.models import MAX_STAKE, BettingSettings
from core.forms import PageForm


def outcome_label(outcome: str, fixture) -> str:
    """``Wolves win``, ``Draw``: an outcome in words."""
    return outcome_words(outcome, home=fixture.home.name, away=fixture.away.name)


def bet_pick(bet) -> str:
    """A bet's pick in words: ``Wolves win`` (a fixture), ``Wolves champion`` (a season's
    champion market)."""
    if bet.fixture_id is None:
        return gettext("%(team)s champion") % {"team": bet.team.name}
    return outcome_label(bet.outcome, bet.fixture)


def outcome_words(outcome: str, *, home: str, away: str) -> str:
    """As :func:`outcome_label`, from the teams' names."""
    if outcome == "draw":
        return gettext("Draw")
    return gettext("%(team)s win") % {"team": home if outcome == "home" else away}


class BetSlipForm(PageForm):
    """One fixture's slip. Its fields are prefixed by the fixture (``bet12-stake``) so that a
    page with many slips keeps every field's id unique."""

    outcome = forms.ChoiceField(label=_("Your pick"), widget=forms.RadioSelect)
    stake = forms.IntegerField(
        label=_("Stake (coins)"),
        max_value=MAX_STAKE,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 1, "min": 1}),
    )
    idempotency_key = forms.CharField(required=False, max_length=100, widget=forms.HiddenInput)

    def __init__(self, *args, fixture, outcomes, settings: BettingSettings, **kwargs):
        kwargs.setdefault("prefix", f"bet{fixture.pk}")
        kwargs.setdefault("initial", {"idempotency_key": uuid.uuid4().hex})
        super().__init__(*args, **kwargs)
        self.fixture = fixture
        self.fields["outcome"].choices = [
            (outcome, outcome_label(outcome, fixture)) for outcome in outcomes
        ]
        self.fields["stake"].help_text = gettext("Between %(min)s and %(max)s coins.") % {
            "min": settings.min_stake,
            "max": settings.max_stake,
        }
        # the browser's own check says the league's range (the service still decides)
        self.fields["stake"].widget.attrs.update(min=settings.min_stake, max=settings.max_stake)

    def preview_values(self) -> tuple[str, int | None]:
        """The outcome and stake as typed so far, for the payout preview (no errors raised:
        an unfinished slip, ``None`` for its stake, previews nothing)."""
        outcome = self.data.get(self.add_prefix("outcome"), "")
        raw = (self.data.get(self.add_prefix("stake")) or "").strip()
        stake = int(raw) if raw.isdigit() and len(raw) <= 12 else None
        return outcome, stake


class BettingSettingsForm(forms.ModelForm):
    """A league's betting settings. The form checks each field on its own; the rules between
    them (the stake range) are ``settings_save``'s."""

    class Meta:
        model = BettingSettings
        fields = list(FIELDS)
        widgets = {"mode": forms.RadioSelect}

    def validate_constraints(self) -> None:
        """Left to ``settings_save``, which names the field a rule between fields breaks."""

    def values(self) -> dict:
        return {name: self.cleaned_data[name] for name in FIELDS}


class ChampionSlipForm(PageForm):
    """A season's champion slip: a team still able to finish first and a stake. The price the
    user saw for each team (fixed odds) comes as ``champion-price-<team id>`` beside it: the
    bet is refused with ``price_changed`` if it moved meanwhile."""

    outcome = forms.ChoiceField(label=_("Your champion"), widget=forms.RadioSelect)
    stake = forms.IntegerField(
        label=_("Stake (coins)"),
        max_value=MAX_STAKE,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "step": 1, "min": 1}),
    )
    idempotency_key = forms.CharField(required=False, max_length=100, widget=forms.HiddenInput)

    def __init__(self, *args, teams: list[tuple[str, str]], settings: BettingSettings, **kwargs):
        kwargs.setdefault("prefix", "champion")
        kwargs.setdefault("initial", {"idempotency_key": uuid.uuid4().hex})
        super().__init__(*args, **kwargs)
        self.fields["outcome"].choices = teams
        self.fields["stake"].help_text = gettext("Between %(min)s and %(max)s coins.") % {
            "min": settings.min_stake,
            "max": settings.max_stake,
        }
        self.fields["stake"].widget.attrs.update(min=settings.min_stake, max=settings.max_stake)
