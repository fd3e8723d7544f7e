"""Template helpers for the pages of other apps that link to betting (the league page, the
home and welcome pages)."""

from django import template

from betting import selectors
from betting.forms import outcome_label
from betting.league_settings import settings_of
from betting.models import BettingSettings

register = template.Library()


@register.filter
def betting_on(league) -> bool:
    return settings_of(league).mode != BettingSettings.Mode.OFF


@register.filter
def pick(outcome: str, fixture) -> str:
    """``{{ bet.outcome|pick:fixture }}``: the outcome in words (``Wolves win``, ``Draw``)."""
    return outcome_label(outcome, fixture)


@register.simple_tag
def leagues_taking_bets() -> list:
    """``{% leagues_taking_bets as leagues %}``: the leagues whose betting is on, by name."""
    return selectors.leagues_taking_bets()
