"""A fixture's chances from the two teams' ratings: what a game played at the table is priced
with (``betting.plugins.Odds``'s default) and what its fixture page shows.

The teams' ratings are those they entered the fixture's round with (for a round still to
come, their latest). The home side's expected score ``E`` is Glicko-2's, both deviations
counted; the draw chance ``D`` is the league's draw model at the rating gap
(``ratings.draw_fits``), 0 when the fixture cannot end in a draw; the three outcomes are
``E - D/2``, ``D`` and ``1 - E - D/2`` (``rules_engine.ratings.draws``). One query (the
ratings and the draw fits together, in plain SQL), and the league when the fixture does not
carry it.
"""

from dataclasses import dataclass
from typing import Any

from django.db import connection

from matches.models import Fixture
from matches.plugins import outcomes_of
from ratings.models import DrawFit, TeamRating
from rules_engine.ratings.draws import PRIOR, DrawModel, outcome_probabilities
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


def _latest(team: str) -> str:
    """One team's latest row before the period, as a subquery (a branch of a ``UNION ALL``)."""
    table = TeamRating._meta.db_table
    return (
        f"SELECT * FROM (SELECT 'r', team_id, rating, rd, volatility FROM {table}"
        f" WHERE team_id = %({team})s AND (season_id < %(season)s"
        f" OR (season_id = %(season)s AND round < %(round)s))"
        f" ORDER BY season_id DESC, round DESC LIMIT 1) {team}"
    )


_SQL = (
    f"{_latest('home')} UNION ALL {_latest('away')} UNION ALL"
    f" SELECT 'd', league_id, intercept, slope, NULL FROM {DrawFit._meta.db_table}"
    f" WHERE game = %(game)s AND (league_id = %(league)s OR league_id IS NULL)"
)


def _entering_and_draws(fixture: Fixture) -> tuple[Rating, Rating, DrawModel]:
    """The two teams' ratings entering the fixture's round, as ``ratings.selectors.
    team_ratings_entering`` reads them (each team's latest row of an earlier period), and the
    league's draw model, as ``draw_fits.draw_model_of`` picks it: one plain SQL query (each
    team's row found through the unique index, read backwards), on the path of every price."""
    league = fixture.season.league
    params = {
        "home": fixture.home_id,
        "away": fixture.away_id,
        "season": fixture.season_id,
        "round": fixture.round,
        "game": league.rule_system,
        "league": league.pk,
    }
    ratings: dict[int, Rating] = {}
    fits: dict[int | None, DrawModel] = {}
    with connection.cursor() as cursor:
        cursor.execute(_SQL, params)
        for kind, key, first, second, volatility in cursor.fetchall():
            if kind == "r":
                ratings[key] = Rating(rating=first, rd=second, volatility=volatility)
            else:
                fits[key] = DrawModel(intercept=first, slope=second)
    home = ratings.get(fixture.home_id, NEW_ENTRANT)
    away = ratings.get(fixture.away_id, NEW_ENTRANT)
    return home, away, fits.get(league.pk) or fits.get(None) or PRIOR


def fixture_outlook(fixture: Fixture) -> Outlook:
    outcomes = outcomes_of(fixture)
    home, away, draws = _entering_and_draws(fixture)
    score = expected(home, away)
    draw = 0.0
    if "draw" in outcomes:
        draw = draws.chance(home.rating - away.rating)
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
