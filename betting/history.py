"""A league's betting settings and its bets in the history of changes (``core.history``).

A bet's history is private: only its bettor and the commissioner read it. Settlement and
reversal close and reopen bets with one ``UPDATE`` for thousands of rows, so
``betting.settlement`` records them with :func:`bets_record`, one entry per bet.
"""

from collections.abc import Iterable

from django.urls import reverse

from betting.models import Bet, BettingSettings
from core.history import Change, record_many, track


def register() -> None:
    track(
        BettingSettings,
        league=lambda settings: settings.league_id,
        url=lambda settings: reverse("betting:league", args=[settings.league_id]),
    )
    track(
        Bet,
        league=lambda bet: bet.wallet.league_id,
        owner=lambda bet: bet.user_id,
        url=lambda bet: reverse("betting:my_bets"),
    )


def bet_repr(bet: Bet) -> str:
    """A bet named without loading its bettor (``str(bet)`` would, once per bet)."""
    return f"#{bet.pk} {bet.outcome} {bet.stake}"


def bets_record(
    *, league_id: int, bets: Iterable[Bet], changes: dict[int, dict[str, list[str]]]
) -> int:
    """One history entry per bet a bulk statement changed, ``changes`` by bet id."""
    return record_many(
        model=Bet,
        league_id=league_id,
        url=reverse("betting:my_bets"),
        changes=[
            Change(bet.pk, bet_repr(bet), changes[bet.pk], owner_id=bet.user_id)
            for bet in bets
            if bet.pk in changes
        ],
    )
