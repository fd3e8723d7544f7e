"""A fixture's chances from the two teams' ratings: what a game played at the table is priced
with (``betting.plugins.Odds``'s default) and what its fixture page shows.

The teams' ratings are those they entered the fixture's round with (for a round still to
come, their latest). The home side's expected score ``E`` is Glicko-2's, both deviations
counted; the draw chance ``D`` is the league's draw model at the rating gap
(``ratings.draw_fits``), 0 when the fixture cannot end in a draw; the three outcomes are
``E - D/2``, ``D`` and ``1 - E - D/2`` (``rules_engine.ratings.draws``). One query (the
ratings and the draw fits together, in plain SQL), and the league when the fixture does not
carry it.

Many fixtures at once (``fixtures_chances``, what a season's forecast reads for every fixture
left): still one plain SQL query, whatever their number. For each season among the fixtures,
its teams' rows of that season; for each of those teams, its latest row of an earlier season
(found through the unique index, read backwards); and the draw fits of the fixtures' games.
Each fixture's side then takes, in Python, its team's latest row of an earlier round of the
season, else of an earlier season: the same row ``fixture_chances`` reads for it alone.
"""

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable
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
    return _split(fixture, *_entering_and_draws(fixture))


def _split(fixture: Fixture, home: Rating, away: Rating, draws: DrawModel) -> Outlook:
    """What the two ratings entering ``fixture`` make of it, with the league's draw model."""
    outcomes = outcomes_of(fixture)
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


def _many_sql(
    seasons: dict[int, list[int]], games: set[str], leagues: set[int]
) -> tuple[str, list]:
    """The one query of :func:`fixtures_chances`: rows ``(kind, key, season, round, game,
    first, second, volatility)``: ``'r'`` a team's row of a season asked for (``key`` the
    team); ``'e'`` a team's latest row before the season asked for (``season`` that season);
    ``'d'`` a draw fit of ``game`` (``key`` the league, ``NULL`` for the game's own)."""
    table = TeamRating._meta.db_table
    branches: list[str] = []
    params: list = []
    for season_id, teams in sorted(seasons.items()):
        marks = ", ".join(["%s"] * len(teams))
        branches.append(
            f"SELECT 'r', team_id, season_id, round, NULL, rating, rd, volatility FROM {table}"
            f" WHERE season_id = %s AND team_id IN ({marks})"
        )
        params += [season_id, *teams]
        for team in teams:
            branches.append(
                f"SELECT * FROM (SELECT 'e', team_id, CAST(%s AS INTEGER), round, NULL, rating,"
                f" rd, volatility FROM {table} WHERE team_id = %s AND season_id < %s"
                f" ORDER BY season_id DESC, round DESC LIMIT 1) e{len(branches)}"
            )
            params += [season_id, team, season_id]
    game_marks = ", ".join(["%s"] * len(games))
    league_marks = ", ".join(["%s"] * len(leagues))
    branches.append(
        f"SELECT 'd', league_id, NULL, NULL, game, intercept, slope, NULL"
        f" FROM {DrawFit._meta.db_table} WHERE game IN ({game_marks})"
        f" AND (league_id IN ({league_marks}) OR league_id IS NULL)"
    )
    params += [*sorted(games), *sorted(leagues)]
    return " UNION ALL ".join(branches), params


def fixtures_chances(fixtures: Iterable[Fixture]) -> dict[int, dict[str, float]]:
    """``{fixture id: {outcome: chance}}`` for each of ``fixtures`` (with their season's league
    loaded), each as :func:`fixture_chances` gives it alone, in one plain SQL query."""
    fixtures = list(fixtures)
    if not fixtures:
        return {}
    seasons: dict[int, set[int]] = defaultdict(set)
    for fixture in fixtures:
        seasons[fixture.season_id].update((fixture.home_id, fixture.away_id))
    leagues = {fixture.season.league for fixture in fixtures}
    sql, params = _many_sql(
        {season: sorted(teams) for season, teams in seasons.items()},
        {league.rule_system for league in leagues},
        {league.pk for league in leagues},
    )
    # (team, season) -> its rows of the season by round; (team, season) -> its latest before
    within: dict[tuple[int, int], list[tuple[int, Rating]]] = defaultdict(list)
    earlier: dict[tuple[int, int], Rating] = {}
    fits: dict[tuple[str, int | None], DrawModel] = {}
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        for kind, key, season_id, round_, game, first, second, volatility in cursor.fetchall():
            if kind == "d":
                fits[(game, key)] = DrawModel(intercept=first, slope=second)
                continue
            rating = Rating(rating=first, rd=second, volatility=volatility)
            if kind == "r":
                within[(key, season_id)].append((round_, rating))
            else:
                earlier[(key, season_id)] = rating
    for rows in within.values():
        rows.sort(key=lambda row: row[0])

    def entering(team: int, season_id: int, round_: int) -> Rating:
        rows = within.get((team, season_id), [])
        before = bisect_left(rows, round_, key=lambda row: row[0])
        if before:
            return rows[before - 1][1]
        return earlier.get((team, season_id), NEW_ENTRANT)

    chances = {}
    for fixture in fixtures:
        league = fixture.season.league
        home = entering(fixture.home_id, fixture.season_id, fixture.round)
        away = entering(fixture.away_id, fixture.season_id, fixture.round)
        game = league.rule_system
        draws = fits.get((game, league.pk)) or fits.get((game, None)) or PRIOR
        chances[fixture.pk] = _split(fixture, home, away, draws).probabilities
    return chances
