"""The one adapter between the season's rows and ``rules_engine.forecasts``: the table as it
stands (the kept standings, listed by name as the table lists teams every tie-breaker leaves
level), the head-to-head points taken so far, the fixtures left with their chances (the game's,
``forecasts.plugins.chances``) and the league's points scheme and tie-breakers."""

from django.conf import settings

from forecasts import plugins
from league.models import League, Season
from matches.models import Fixture, Result
from matches.standings import standings_get
from rules_engine import Dice
from rules_engine.forecasts import (
    Forecast,
    PointsScheme,
    RemainingFixture,
    ScoreModel,
    SeasonState,
    TeamTotals,
    forecast,
)


def fixtures_left(season: Season) -> list[Fixture]:
    """The season's fixtures without a result, but those cancelled."""
    return list(
        Fixture.objects.filter(season=season, result__isnull=True)
        .exclude(status=Fixture.Status.CANCELLED)
        .select_related("season__league", "home", "away")
        .order_by("round", "pk")
    )


def fixtures_chances(
    point: plugins.Chances, fixtures: list[Fixture]
) -> dict[int, dict[str, float]]:
    """The game's chances of each of ``fixtures``, by id, read for them all at once; the
    ratings' for those the game cannot price yet (one more batch read)."""
    chances = point.fixtures_chances(fixtures)
    unpriced = [fixture for fixture in fixtures if chances.get(fixture.pk) is None]
    if unpriced:
        chances.update(plugins.Chances().fixtures_chances(unpriced))
    return {f.pk: chances.get(f.pk) or {"home": 0.5, "away": 0.5} for f in fixtures}


def season_state(season: Season, *, remaining: list[Fixture] | None = None) -> SeasonState:
    league: League = season.league
    rows = sorted(standings_get(season=season), key=lambda r: (r.team.name, r.team.pk))
    points = PointsScheme(league.points_win, league.points_draw, league.points_loss)
    head_to_head: dict[tuple[int, int], int] = {}
    if "head_to_head" in league.tiebreakers:
        played = Result.objects.filter(fixture__season=season).values_list(
            "fixture__home_id", "fixture__away_id", "winner"
        )
        for home, away, winner in played:
            home_points, away_points = points.of(winner)
            head_to_head[(home, away)] = head_to_head.get((home, away), 0) + home_points
            head_to_head[(away, home)] = head_to_head.get((away, home), 0) + away_points
    point = plugins.chances.of(league.rule_system)
    left = fixtures_left(season) if remaining is None else remaining
    known = {row.team.pk for row in rows}
    left = [f for f in left if f.home_id in known and f.away_id in known]
    chances = fixtures_chances(point, left)
    return SeasonState(
        teams=[
            TeamTotals(
                row.team.pk,
                wins=row.wins,
                draws=row.draws,
                losses=row.losses,
                goals_for=row.goals_for,
                goals_against=row.goals_against,
            )
            for row in rows
        ],
        remaining=[RemainingFixture(f.home_id, f.away_id, chances[f.pk]) for f in left],
        scheme=points,
        tiebreakers=tuple(league.tiebreakers),
        head_to_head=head_to_head,
        scores=ScoreModel(point.typical_scores(season)),
    )


def season_forecast(season: Season, *, dice: Dice | None = None) -> tuple[Forecast, int]:
    """The season's forecast with the league's places and the configured number of
    simulations, and the number of fixtures left."""
    league = season.league
    left = fixtures_left(season)
    state = season_state(season, remaining=left)
    if not state.teams:  # a season without a team yet: nothing to forecast, nothing to draw
        empty = Forecast(
            simulations=0,
            top_places=league.forecast_top_places,
            bottom_places=league.forecast_bottom_places,
            seed=0,
            teams=(),
            exact_marks=True,
        )
        return empty, 0
    result = forecast(
        state,
        n=settings.FORECAST_SIMULATIONS,
        dice=dice or Dice(record=False),
        top_places=league.forecast_top_places,
        bottom_places=league.forecast_bottom_places,
    )
    return result, len(state.remaining)
