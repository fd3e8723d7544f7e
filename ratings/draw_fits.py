"""The draw model of a league, fitted on its past results (``rules_engine.ratings.draws``).

A result counts when it was played (a forfeit awarded without playing does not) and its
fixture could end in a draw (``matches.plugins.outcomes_of``: a Killpower tournament match
cannot). Its gap is the size of the difference between the two teams' ratings as they entered
the fixture's round. A league with at least :data:`MIN_LEAGUE_RESULTS` such results has a fit
of its own; below that it uses its game's fit over every league of the game; a game with no
result at all has the engine's prior (``draws.PRIOR``: 20 % whatever the gap).
"""

from bisect import bisect_left
from collections import defaultdict
from collections.abc import Iterable

from django.db import transaction
from django.db.models import Q

from core import registry
from league.models import League
from matches.models import Result
from matches.plugins import outcomes_of
from ratings.models import DrawFit, TeamRating
from rules_engine.ratings import draws
from rules_engine.ratings.glicko2 import BASE_RATING

MIN_LEAGUE_RESULTS = 30
"""Below this many results of its own, a league's draws are priced by its game's fit."""


def _entering_ratings(
    rows: Iterable[tuple[int, int, int, float]],
) -> dict[int, tuple[list[tuple[int, int]], list[float]]]:
    """Per team, its periods ``(season_id, round)`` in order and the rating at the end of
    each, from ``(team_id, season_id, round, rating)`` rows given in period order."""
    periods: dict[int, tuple[list[tuple[int, int]], list[float]]] = defaultdict(lambda: ([], []))
    for team_id, season_id, round_, rating in rows:
        keys, ratings = periods[team_id]
        keys.append((season_id, round_))
        ratings.append(rating)
    return periods


def _rating_entering(
    periods: dict[int, tuple[list[tuple[int, int]], list[float]]],
    team_id: int,
    season_id: int,
    round_: int,
) -> float:
    """The team's rating from its latest period before ``round_`` of ``season_id``, as
    ``ratings.selectors.team_ratings_entering`` reads it."""
    keys, ratings = periods.get(team_id, ([], []))
    before = bisect_left(keys, (season_id, round_))
    return ratings[before - 1] if before else BASE_RATING


def draw_data(*, leagues: Q) -> list[tuple[float, bool]]:
    """``(gap, was it a draw)`` of every result that counts in the leagues ``leagues`` selects
    (a filter on ``League``): two queries whatever the number of results."""
    results = (
        Result.objects.filter(fixture__season__league__in=League.objects.filter(leagues))
        .exclude(decided_by=registry.FORFEIT)
        .select_related("fixture__season__league")
        .only(
            "winner",
            "fixture__season_id",
            "fixture__round",
            "fixture__home_id",
            "fixture__away_id",
            "fixture__bracket_position",
            "fixture__season__league__rule_system",
        )
        .order_by()
    )
    counted = [result for result in results if "draw" in outcomes_of(result.fixture)]
    if not counted:
        return []
    rows = (
        TeamRating.objects.filter(team__league__in=League.objects.filter(leagues))
        .order_by("team_id", "season_id", "round")
        .values_list("team_id", "season_id", "round", "rating")
    )
    periods = _entering_ratings(rows)
    data = []
    for result in counted:
        fixture = result.fixture
        home = _rating_entering(periods, fixture.home_id, fixture.season_id, fixture.round)
        away = _rating_entering(periods, fixture.away_id, fixture.season_id, fixture.round)
        data.append((abs(home - away), result.winner == Result.Winner.DRAW))
    return data


def _store(game: str, league: League | None, data: list[tuple[float, bool]]) -> DrawFit:
    model = draws.fit(data)
    fit, _created = DrawFit.objects.update_or_create(
        game=game,
        league=league,
        defaults={"intercept": model.intercept, "slope": model.slope, "fixtures": len(data)},
    )
    return fit


@transaction.atomic
def draw_fit_refresh(*, league: League) -> DrawFit:
    """Fit the league's draw model again and store it; below :data:`MIN_LEAGUE_RESULTS`
    results, drop the league's own fit and refresh its game's instead. Returns the fit the
    league's prices now use."""
    game = league.rule_system
    data = draw_data(leagues=Q(pk=league.pk))
    if len(data) >= MIN_LEAGUE_RESULTS:
        return _store(game, league, data)
    DrawFit.objects.filter(league=league).delete()
    return _store(game, None, draw_data(leagues=Q(rule_system=game)))


def draw_model_of(league: League) -> draws.DrawModel:
    """The draw model the league's prices use: its own fit, else its game's, else the
    engine's prior. One query."""
    fits = DrawFit.objects.filter(
        Q(league_id=league.pk) | Q(league_id=None), game=league.rule_system
    )
    found = {
        league_id: draws.DrawModel(intercept=intercept, slope=slope)
        for league_id, intercept, slope in fits.order_by().values_list(
            "league_id", "intercept", "slope"
        )
    }
    return found.get(league.pk) or found.get(None) or draws.PRIOR
