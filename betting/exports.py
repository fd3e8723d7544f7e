"""Bets as downloads (``core.exports``): a league's every bet for its commissioner, and a
player's own bets in every league. Stakes and payouts are whole coins, a price a decimal
number (empty in a pool), times ISO 8601."""

from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from betting.models import Bet
from core.exports import Table
from league.models import League

COLUMNS = (
    "id",
    "league_id",
    "league",
    "player",
    "fixture_id",
    "round",
    "home",
    "away",
    "kickoff",
    "outcome",
    "stake",
    "price",
    "status",
    "payout",
    "placed_at",
    "closed_at",
    "market",
    "season_id",
    "team",
)
LABELS = (
    _("Id"),
    _("League id"),
    _("League"),
    _("Player"),
    _("Fixture id"),
    _("Round"),
    _("Home"),
    _("Away"),
    _("Kick-off"),
    _("Outcome"),
    _("Stake"),
    _("Price"),
    _("Status"),
    _("Payout"),
    _("Placed"),
    _("Closed"),
    _("Market"),
    _("Season id"),
    _("Team"),
)


def _table(bets) -> Table:
    rows = [
        [
            bet.pk,
            bet.wallet.league_id,
            bet.wallet.league.name,
            bet.user.username,
            bet.fixture_id,
            bet.fixture.round if bet.fixture else None,
            bet.fixture.home.name if bet.fixture else None,
            bet.fixture.away.name if bet.fixture else None,
            bet.fixture.kickoff if bet.fixture else None,
            bet.outcome,
            bet.stake,
            bet.price,
            bet.status,
            bet.payout,
            bet.placed_at,
            bet.closed_at,
            bet.market,
            bet.season_id,
            bet.team.name if bet.team else None,
        ]
        for bet in bets.select_related(
            "wallet__league", "user", "fixture__home", "fixture__away", "team"
        )
    ]
    return Table(COLUMNS, rows, LABELS)


def league_bets_export(*, league: League) -> Table:
    """Every bet placed in ``league``, oldest first (the commissioner's download)."""
    return _table(Bet.objects.filter(wallet__league=league).order_by("placed_at", "pk"))


def user_bets_export(*, user: User) -> Table:
    """``user``'s own bets in every league, oldest first."""
    return _table(Bet.objects.filter(user=user).order_by("placed_at", "pk"))
