"""Forecasts against what happened: one played fixture's stored chances (``FixtureOdds``)
against its result, and a season's calibration, where three forecasters are scored on its
played fixtures (``rules_engine.ratings.scoring``: Brier score, log loss, reliability bins):

* the **model**: the stored ``FixtureOdds`` of the fixture, whatever priced them (the engine,
  the ratings), one forecaster per ``method``;
* the **crowd**: the stakes on each outcome placed before kick-off (cancelled bets left out,
  pool and fixed odds alike), divided by all those stakes;
* the **naive** baseline: the same chance for each outcome the fixture could end in.

Each is scored only on the fixtures it has a forecast for. A fixture counts once played with a
result that stands: a voided result is gone, a cancelled fixture never played, and a result
its game says voids the bets (``betting.bets_void``) is left out too. Reads only."""

from dataclasses import dataclass

from django.db.models import F, Sum
from django.utils.translation import gettext

from betting import plugins
from betting.forms import outcome_label
from betting.models import Bet, FixtureOdds
from betting.odds import outcomes_of
from league.models import League, Season
from matches import selectors as match_selectors
from matches.models import Fixture, Result
from rules_engine.errors import InvalidInput
from rules_engine.ratings import scoring


def odds_against_result(fixture: Fixture) -> list[dict]:
    """Per outcome of a played fixture with stored odds: its ``label``, the chance given
    (``percent``) and whether it ``happened``; empty otherwise. ``fixture`` comes with its
    teams and odds loaded (``selectors.fixture_get``); one query for its result."""
    if fixture.status != Fixture.Status.PLAYED:
        return []
    try:
        probabilities = fixture.odds.probabilities
    except FixtureOdds.DoesNotExist:
        return []
    winner = Result.objects.filter(fixture=fixture).values_list("winner", flat=True).first()
    if winner is None:
        return []
    # in the game's order of outcomes (home first): PostgreSQL's jsonb keeps a document's
    # keys in its own order, not in the order they were written
    order = {code: index for index, code in enumerate(outcomes_of(fixture))}
    return [
        {
            "code": code,
            "label": outcome_label(code, fixture),
            "percent": round(100 * float(chance), 1),
            "happened": code == winner,
        }
        for code, chance in sorted(
            probabilities.items(), key=lambda item: order.get(item[0], len(order))
        )
    ]


MODEL, CROWD, NAIVE = "model", "crowd", "naive"


@dataclass(frozen=True)
class Bucket:
    """A reliability bin in percent: the outcomes given a chance from ``low`` up to ``high``
    (100 included in the last), how many, how many happened, their mean chance and how often
    they happened."""

    low: int
    high: int
    outcomes: int
    happened: int
    mean_chance: float
    observed: float


def _bucket(bin_: scoring.Bin) -> Bucket:
    return Bucket(
        low=round(100 * bin_.low),
        high=round(100 * bin_.high),
        outcomes=bin_.count,
        happened=round(bin_.observed * bin_.count),
        mean_chance=round(100 * bin_.mean_predicted, 1),
        observed=round(100 * bin_.observed, 1),
    )


@dataclass(frozen=True)
class Forecaster:
    """One forecaster's score on the season: ``kind`` (model, crowd or naive), the model's
    ``method`` (empty for the others), how many fixtures it was scored on, its mean Brier
    score and log loss (``None`` without fixtures) and its reliability buckets."""

    kind: str
    method: str
    fixtures: int
    brier: float | None
    log_loss: float | None
    buckets: list[Bucket]

    @property
    def label(self) -> str:
        """The forecaster in words, in the active language."""
        if self.kind == MODEL:
            if not self.method:
                return gettext("Model (stored odds)")
            return gettext("Model: %(method)s") % {"method": self.method}
        if self.kind == CROWD:
            return gettext("Crowd (stakes before kick-off)")
        return gettext("Naive (the same chance for each outcome)")


@dataclass(frozen=True)
class FixtureLine:
    """A scored fixture: its teams and score, the outcome that happened, the model's method
    and the chance each forecaster gave what happened, in percent (``None`` without a
    forecast), and the stakes placed before kick-off."""

    fixture: Fixture
    home_score: int
    away_score: int
    winner: str
    winner_label: str
    method: str
    model: float | None
    crowd: float | None
    naive: float
    staked: int


@dataclass(frozen=True)
class Calibration:
    league: League
    season: Season | None
    fixtures: list[FixtureLine]
    forecasters: list[Forecaster]
    model_buckets: list[Bucket]
    """The reliability buckets of the stored odds, every method together."""

    @property
    def model_fixtures(self) -> int:
        """The fixtures with stored odds (every method)."""
        return sum(f.fixtures for f in self.forecasters if f.kind == MODEL)


def seasons_of(league: League) -> list[Season]:
    """The league's seasons, newest first. One query."""
    return list(match_selectors.season_list(league=league))


def season_choose(seasons: list[Season], wanted: str | None) -> Season | None:
    """The season ``wanted`` names (``None`` when none of them), else the newest."""
    if wanted:
        return next((season for season in seasons if str(season.pk) == wanted), None)
    return seasons[0] if seasons else None


def _scored_fixtures(league: League, season: Season) -> list[Fixture]:
    """The season's played fixtures with a result, their teams, result and stored odds; the
    results voiding the bets left out. One query."""
    rows = (
        Fixture.objects.filter(season=season, status=Fixture.Status.PLAYED, result__isnull=False)
        .select_related("home", "away", "result", "odds")
        .defer("home_sheet", "away_sheet", "options")
        .order_by("round", "kickoff", "pk")
    )
    voids = plugins.bets_void.implements(league.rule_system)
    if not voids:
        rows = rows.defer("result__record")
    season.league = league
    fixtures = []
    for fixture in rows:
        fixture.season = season
        if voids and plugins.bets_void.of(league.rule_system).bets_void(fixture.result):
            continue
        fixtures.append(fixture)
    return fixtures


def _stakes_before_kickoff(season: Season) -> dict[int, dict[str, int]]:
    """Per played fixture of the season, the stakes on each outcome placed before kick-off,
    cancelled bets left out. One query."""
    rows = (
        Bet.objects.filter(
            fixture__season=season,
            fixture__status=Fixture.Status.PLAYED,
            placed_at__lt=F("fixture__kickoff"),
        )
        .exclude(status=Bet.Status.CANCELLED)
        .values("fixture_id", "outcome")
        .annotate(staked=Sum("stake"))
        .order_by()
    )
    stakes: dict[int, dict[str, int]] = {}
    for row in rows:
        stakes.setdefault(row["fixture_id"], {})[row["outcome"]] = row["staked"]
    return stakes


def _stored_odds(fixture: Fixture) -> FixtureOdds | None:
    try:
        return fixture.odds
    except FixtureOdds.DoesNotExist:
        return None


def _forecast(probabilities: dict[str, float], actual: str) -> scoring.Forecast | None:
    """The scoring module's forecast, ``None`` for chances it refuses (a stored row that does
    not add up to 1): such a row is not scored rather than breaking the page."""
    try:
        return scoring.Forecast(probabilities, actual=actual)
    except InvalidInput:
        return None


def _percent(forecast: scoring.Forecast | None) -> float | None:
    if forecast is None:
        return None
    return round(100 * forecast.outcomes[forecast.actual], 1)


def calibration_get(*, league: League, season: Season | None) -> Calibration:
    """The season's forecasters scored on its played fixtures, and the fixtures scored.
    Two queries, whatever the number of fixtures."""
    if season is None:
        return Calibration(
            league=league, season=None, fixtures=[], forecasters=[], model_buckets=[]
        )
    fixtures = _scored_fixtures(league, season)
    stakes = _stakes_before_kickoff(season)
    by_method: dict[str, list[scoring.Forecast]] = {}
    crowd: list[scoring.Forecast] = []
    naive: list[scoring.Forecast] = []
    lines = []
    for fixture in fixtures:
        actual = fixture.result.winner
        outcomes = outcomes_of(fixture)
        stored = _stored_odds(fixture)
        model = None
        if stored is not None:
            chances = {code: 0.0 for code in outcomes} | {
                code: float(chance) for code, chance in stored.probabilities.items()
            }
            model = _forecast(chances, actual)
            if model is not None:
                by_method.setdefault(stored.method, []).append(model)
        staked = stakes.get(fixture.pk, {})
        total = sum(staked.values())
        backed = None
        if total:
            backed = _forecast(
                {code: 0.0 for code in outcomes}
                | {code: amount / total for code, amount in staked.items()},
                actual,
            )
            if backed is not None:
                crowd.append(backed)
        baseline = scoring.Forecast(scoring.uniform(outcomes), actual=actual)
        naive.append(baseline)
        lines.append(
            FixtureLine(
                fixture=fixture,
                home_score=fixture.result.home_score,
                away_score=fixture.result.away_score,
                winner=actual,
                winner_label=outcome_label(actual, fixture),
                method=stored.method if stored is not None else "",
                model=_percent(model),
                crowd=_percent(backed),
                naive=_percent(baseline) or 0.0,
                staked=total,
            )
        )
    models = [_forecaster(MODEL, method, games) for method, games in sorted(by_method.items())]
    return Calibration(
        league=league,
        season=season,
        fixtures=lines,
        forecasters=(models or [_forecaster(MODEL, "", [])])
        + [_forecaster(CROWD, "", crowd), _forecaster(NAIVE, "", naive)],
        model_buckets=[
            _bucket(bin_)
            for bin_ in scoring.reliability(game for games in by_method.values() for game in games)
        ],
    )


def _forecaster(kind: str, method: str, games: list[scoring.Forecast]) -> Forecaster:
    result = scoring.score(games)
    return Forecaster(
        kind=kind,
        method=method,
        fixtures=result.count,
        brier=result.brier,
        log_loss=result.log_loss,
        buckets=[_bucket(bin_) for bin_ in result.bins],
    )
