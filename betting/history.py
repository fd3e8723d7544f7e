"""A league's betting settings and its bets in the history of changes (``core.history``).

A bet's history is private: only its bettor and the commissioner read it. Settlement and
reversal close and reopen bets with one ``UPDATE`` for thousands of rows, so
``betting.settlement`` records them with :func:`bets_record_settled` and
:func:`bets_record_reopened`: one entry per bet, written by the database in one statement.
"""

from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from betting.forms import bet_pick
from betting.models import Bet, BettingSettings, Settlement
from core.history import record_select
from core.history_registry import track


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
        exclude_fields=TECHNICAL_BET_FIELDS,
        describe=bets_describe,
    )


TECHNICAL_BET_FIELDS = ("idempotency_key", "request_digest", "wallet", "settlement")
"""What a bet's history never shows: the request's replay guard and the internal links."""


def bets_describe(ids: list[int]) -> dict[int, str]:
    """Bets as their bettor reads them: ``Bet #37: Ravens win, 100 coins at 1.97`` (the
    price in the reader's number format)."""
    rows = Bet.objects.filter(pk__in=ids).select_related("fixture__home", "fixture__away", "team")
    return {bet.pk: bet_words(bet) for bet in rows}


def bet_words(bet: Bet) -> str:
    words = {"number": bet.pk, "pick": bet_pick(bet), "stake": bet.stake}
    if bet.price is None:
        return _("Bet #%(number)s: %(pick)s, %(stake)s coins in the pool") % words
    price = number_format(bet.price, decimal_pos=2)
    return _("Bet #%(number)s: %(pick)s, %(stake)s coins at %(price)s") % {**words, "price": price}


BET_REPR_SQL = "'#' || CAST(src.id AS TEXT) || ' ' || src.outcome || ' ' || CAST(src.stake AS TEXT)"
PAYOUT_SQL = "COALESCE(CAST(src.payout AS TEXT), 'None')"


def _bets_record(*, settlement: Settlement, league_id: int, changes: dict) -> int:
    return record_select(
        model=Bet,
        where="src.settlement_id = %s",
        params=[settlement.pk],
        league_id=league_id,
        changes=changes,
        object_repr=BET_REPR_SQL,
        owner_column="user_id",
        url=reverse("betting:my_bets"),
    )


def bets_record_settled(*, settlement: Settlement, league_id: int) -> int:
    """One entry per bet the settlement just closed (open → its status and payout)."""
    changes = {"status": ("'open'", "src.status"), "payout": ("'None'", PAYOUT_SQL)}
    return _bets_record(settlement=settlement, league_id=league_id, changes=changes)


def bets_record_reopened(*, settlement: Settlement, league_id: int) -> int:
    """One entry per bet the reversal of ``settlement`` is about to open again (before the
    ``UPDATE``, while the bets still name it)."""
    changes = {"status": ("src.status", "'open'"), "payout": (PAYOUT_SQL, "'None'")}
    return _bets_record(settlement=settlement, league_id=league_id, changes=changes)
