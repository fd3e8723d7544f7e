"""The plug-in point the forecasts call: the chances of each outcome of a fixture still to play,
and the scores a simulated result is given (see ``core.plugins``). A game played at the table
needs none of its own: the default reads the teams' ratings (``ratings.chances``). A game its
engine simulates gives its engine's chances (Rotzball: the same computation as its odds)."""

from typing import TYPE_CHECKING

from core.plugins import PluginPoint

if TYPE_CHECKING:
    from league.models import Season
    from matches.models import Fixture


class Chances:
    """What a season's forecast draws each remaining fixture's outcome from."""

    def fixture_chances(self, fixture: "Fixture") -> dict[str, float] | None:
        """``{outcome: chance}`` for each outcome the fixture can end in (they add up to 1), or
        ``None`` when the game cannot price it yet (then the ratings' chances are used). By
        default the chances from the teams' ratings entering the fixture's round."""
        from ratings.chances import fixture_chances

        probabilities: dict[str, float] = fixture_chances(fixture)["probabilities"]
        return probabilities

    def typical_scores(self, season: "Season") -> dict[str, list[tuple[int, int]]]:
        """Scores ``(home, away)`` a simulated home win, draw and away win is given, drawn
        uniformly, for the tie-breakers that read goals. By default the league's own results
        (its latest 500), a 1-0 win and a goalless draw where it has none of an outcome."""
        from forecasts.engine import league_scores

        return league_scores(season)


chances = PluginPoint(
    "forecasts.chances",
    Chances,
    doc="Chances of each outcome of a fixture still to play and typical scores, for the "
    "season forecasts (``forecasts.engine``).",
)
