"""The plug-in point the forecasts call: the chances of each outcome of a fixture still to play,
and the scores a simulated result is given (see ``core.plugins``). A game played at the table
needs none of its own: the default reads the teams' ratings (``ratings.chances``). A game its
engine simulates gives its engine's chances (Rotzball: the same computation as its odds).

A forecast asks for every fixture left at once (``fixtures_chances``): by default one batch
read of the ratings (``ratings.chances.fixtures_chances``, one SQL query for the season); a
game that answers only ``fixture_chances`` is asked fixture by fixture."""

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

    def fixtures_chances(self, fixtures: list["Fixture"]) -> dict[int, dict[str, float] | None]:
        """:meth:`fixture_chances` of each of ``fixtures`` (with their season's league loaded),
        by fixture id. By default the ratings' chances of them all in one query; a game that
        overrides :meth:`fixture_chances` alone is asked for each fixture in turn."""
        if type(self).fixture_chances is not Chances.fixture_chances:
            return {fixture.pk: self.fixture_chances(fixture) for fixture in fixtures}
        from ratings.chances import fixtures_chances

        return dict(fixtures_chances(fixtures))

    def typical_scores(self, season: "Season") -> dict[str, list[tuple[int, int]]]:
        """Scores ``(home, away)`` a simulated home win, draw and away win is given, drawn
        uniformly, for the tie-breakers that read goals. By default the league's own results
        (its latest 500), a 1-0 win and a goalless draw where it has none of an outcome."""
        from forecasts.scores import league_scores

        return league_scores(season)


chances = PluginPoint(
    "forecasts.chances",
    Chances,
    doc="Chances of each outcome of a fixture still to play and typical scores, for the "
    "season forecasts (``forecasts.engine``).",
)
