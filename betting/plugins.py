"""The plug-in points ``betting`` calls: a game's chances of each outcome and the results that
void its bets (see ``core.plugins``). The core never knows betting exists: a game that offers
these registers them here. What a fixture can end in is ``matches.plugins.outcomes``, which
the corrections ask too.
"""

from typing import TYPE_CHECKING, Any

from core.plugins import PluginPoint

if TYPE_CHECKING:
    from matches.models import Fixture, Result


class Odds:
    """The engine's chances of each outcome: a game that has them can bet at fixed odds."""

    def odds(self, fixture: "Fixture") -> dict[str, Any] | None:
        """``{"method": str, "probabilities": {outcome: float}}`` as the line-ups stand, or
        ``None`` when they cannot play yet."""
        return None


odds = PluginPoint(
    "betting.odds",
    Odds,
    doc="Chances of each outcome, for fixed-odds markets (``betting.odds``, "
    "``betting.league_settings``).",
)


class BetsVoid:
    """Results that void the bets on their fixture."""

    def bets_void(self, result: "Result") -> bool:
        """Whether ``result`` voids the bets: every stake refunded as for a cancelled fixture
        (a Mythril forfeit before any turn was played). A game that implements it has its
        results' records read at settlement."""
        return False


bets_void = PluginPoint(
    "betting.bets_void",
    BetsVoid,
    doc="Results that refund every stake (``betting.settlement``, ``betting.bulk``).",
)
