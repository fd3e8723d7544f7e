"""A fixture's chances from the two teams' ratings: what a game played at the table is priced
with (``betting.plugins.Odds``'s default) and what its fixture page shows.

The teams' ratings are those they entered the fixture's round with (for a round still to
come, their latest). The home side's expected score ``E`` is Glicko-2's, both deviations
counted; the draw chance ``D`` is the league's draw model at the rating gap
(``ratings.draw_fits``), 0 when the fixture cannot end in a draw; the three outcomes are
``E - D/2``, ``D`` and ``1 - E - D/2`` (``rules_engine.ratings.draws``). Three queries at
most: the ratings, the draw fit, and the league when the fixture does not carry it.
"""

from dataclasses import dataclass
from typing import Any

from matches.models import Fixture
from matches.plugins import outcomes_of
from ratings.draw_fits import draw_model_of
from ratings.models import TeamRating
from rules_engine.ratings.draws import outcome_probabilities
from rules_engine.ratings.glicko2 import NEW_ENTRANT, Rating, expected

METHOD = "ratings"


@dataclass(frozen=True)
class Outlook:
    """The two teams' ratings entering the fixture and what they make of it."""

    home: Rating
    away: Rating
    expected: float
    """The home side's expected score (a win 1, a draw 1/2)."""
    probabilities: dict[str, float]
    """The chance of each outcome the fixture can end in (``outcomes_of``)."""

    def percent(self, outcome: str) -> float | None:
        chance = self.probabilities.get(outcome)
        return None if chance is None else 100 * chance

    @property
    def home_percent(self) -> float | None:
        return self.percent("home")

    @property
    def draw_percent(self) -> float | None:
        """``None`` when the fixture cannot end in a draw."""
        return self.percent("draw")

    @property
    def away_percent(self) -> float | None:
        return self.percent("away")


def fixture_get(pk: int) -> Fixture | None:
    """The fixture with its league and teams, as the panel shows them."""
    return Fixture.objects.select_related("season__league", "home", "away").filter(pk=pk).first()


def _ratings_entering(fixture: Fixture) -> tuple[Rating, Rating]:
    """The two teams' ratings entering the fixture's round, as ``ratings.selectors.
    team_ratings_entering`` reads them (each team's latest row of an earlier period), in one
    plain query: this is on the path of every price."""
    period = (fixture.season_id, fixture.round)
    rows = (
        TeamRating.objects.filter(
            team_id__in=(fixture.home_id, fixture.away_id), season_id__lte=fixture.season_id
        )
        .order_by()
        .values_list("team_id", "season_id", "round", "rating", "rd", "volatility")
    )
    latest: dict[int, tuple[tuple[int, int], Rating]] = {}
    for team_id, season_id, round_, rating, rd, volatility in rows:
        when = (season_id, round_)
        if when < period and (team_id not in latest or when > latest[team_id][0]):
            latest[team_id] = (when, Rating(rating=rating, rd=rd, volatility=volatility))
    home = latest.get(fixture.home_id, (period, NEW_ENTRANT))[1]
    away = latest.get(fixture.away_id, (period, NEW_ENTRANT))[1]
    return home, away


def fixture_outlook(fixture: Fixture) -> Outlook:
    outcomes = outcomes_of(fixture)
    home, away = _ratings_entering(fixture)
    score = expected(home, away)
    draw = 0.0
    if "draw" in outcomes:
        draw = draw_model_of(fixture.season.league).chance(home.rating - away.rating)
    split = outcome_probabilities(score, draw)._asdict()
    return Outlook(
        home=home,
        away=away,
        expected=score,
        probabilities={outcome: split[outcome] for outcome in outcomes},
    )


def fixture_chances(fixture: Fixture) -> dict[str, Any]:
    """``{"method": "ratings", "probabilities": {outcome: chance}}``, one chance for each
    outcome the fixture can end in; they add up to 1."""
    return {"method": METHOD, "probabilities": fixture_outlook(fixture).probabilities}
