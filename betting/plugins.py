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
    """The chances of each outcome, which fixed odds are priced from. A game the workers
    simulate gives its engine's (Rotzball); a game played at the table needs none of its own:
    the default prices it from the two teams' ratings (``ratings.chances``)."""

    def odds(self, fixture: "Fixture") -> dict[str, Any] | None:
        """``{"method": str, "probabilities": {outcome: float}}`` as the teams stand, or
        ``None`` when they cannot play yet. By default the chances from the teams' ratings
        entering the fixture's round (``"method": "ratings"``)."""
        from ratings.chances import fixture_chances

        return fixture_chances(fixture)


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
