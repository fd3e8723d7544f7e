"""What a Rotzball fixture's page shows before kick-off: each side's line-up as it stands (it
freezes at kick-off) and, when both can play, the odds over many simulated matches."""

from typing import Any

from core.cache import computed_once_together
from league.models import Team
from matches.models import Fixture
from rules_engine.rotzball import odds, odds_many
from systems.rotzball.selectors import teams as selectors
from systems.rotzball.selectors.pages import lineup_page_get
from systems.rotzball.selectors.teams import coach_rule_of

PREVIEW_MATCHES = 2_000
"""Matches simulated for a preview's odds: a few milliseconds, within a point of the truth."""


def fixture_preview_get(*, fixture: Fixture) -> dict[str, Any]:
    """Both sides' line-ups now (each side's ``team`` and its :func:`lineup_page_get`) and,
    when both are complete, the odds (seeded by the fixture: the same line-ups always give the
    same figures)."""
    selectors.lineups_prefetch(teams=[fixture.home, fixture.away])
    estimate = _estimate(fixture, PREVIEW_MATCHES)
    sides = {
        side: {"team": team, **lineup_page_get(team=team)}
        for side, team in (("home", fixture.home), ("away", fixture.away))
    }
    chances = None
    if estimate is not None:
        home = round(100 * estimate["home_win"])
        chances = {"home": home, "away": 100 - home, "n": estimate["n"]}
    return {"sides": sides, "chances": chances}


BETTING_MATCHES = 20_000
"""Matches simulated for the odds a fixture is bet at: about 25 ms on a quiet machine, and a
standard error of at most 0.5 / sqrt(20,000) = 0.35 percentage points on each chance (0.5 at
10,000, 0.22 at 50,000 for twice the time): below the half point a price moves by."""


def _estimate(fixture: Fixture, n: int) -> dict[str, Any] | None:
    """The engine's estimate over ``n`` matches of both line-ups as they stand, seeded by the
    fixture (the same line-ups always give the same figures), or ``None`` while one of them
    cannot play."""
    sheets, blocked = selectors.teams_sheets(teams=[fixture.home, fixture.away])
    if blocked:
        return None
    return odds(
        sheets[fixture.home_id],
        sheets[fixture.away_id],
        n=n,
        seed=fixture.pk,
        coach_rule=coach_rule_of(fixture.season.league),
    )


def _chances(estimate: dict[str, Any]) -> dict[str, float]:
    """The chances of a home and an away win (Rotzball has no draws), to four places."""
    home = round(float(estimate["home_win"]), 4)
    return {"home": home, "away": round(1 - home, 4)}


def fixture_odds(fixture: Fixture) -> dict[str, Any] | None:
    """The chances of a home and an away win as both line-ups stand, over
    ``BETTING_MATCHES``, or ``None`` while one of them cannot play."""
    estimate = _estimate(fixture, BETTING_MATCHES)
    if estimate is None:
        return None
    error = round(float(estimate["standard_error"]), 4)
    return {
        "method": (
            f"rotzball engine, {estimate['n']} simulated matches, "
            f"standard error {100 * error:.2f} points"
        ),
        "probabilities": _chances(estimate),
        "standard_error": error,
    }


def fixture_chances(fixture: Fixture) -> dict[str, float] | None:
    """One fixture's chances for a season's forecast, as :func:`fixtures_chances` gives them
    (``FORECAST_MATCHES``), computed alone and never cached."""
    estimate = _estimate(fixture, FORECAST_MATCHES)
    return None if estimate is None else _chances(estimate)


FORECAST_MATCHES = 2_000
"""Matches simulated for each fixture left in a season's forecast (``fixtures_chances``): the
preview's count, a standard error of at most 1.1 points on a fixture's chance, a tenth of the
betting odds' work. A season's forecast prices every fixture left (380 at the start of a
20-team double round robin) after every round, when each team's sheet has changed: at 20,000
matches that was 29 ms a fixture here, 11 s of a worker per forecast. The errors of different
fixtures are independent and average out over a team's remaining games (on a team's expected
points, a tenth of a point over 19 games, against a season's spread of several points); the
forecast's own 10,000 completions dominate what remains."""

ODDS_CACHE_SECONDS = 7 * 24 * 3600
"""How long a fixture's chances for one pair of line-ups are kept (``fixtures_chances``)."""


def fixtures_chances(fixtures: list[Fixture]) -> dict[int, dict[str, float] | None]:
    """Each of ``fixtures``' chances for a season's forecast (``None`` while a side cannot
    play), by fixture id: :func:`fixture_odds`' simulation, seeded by the fixture, over
    ``FORECAST_MATCHES`` matches. Each team's sheet is read once, and each fixture's simulation
    kept in the cache per fixture and line-up (``core.cache.computed_once_together``: the
    fixture, the number of matches, the coach rule and both sheets), so that a season's forecast
    after a result simulates only the fixtures whose line-ups changed since. Those it simulates
    play side by side, one engine call per coach rule (``odds_many``: the same figures as
    each fixture's ``odds``)."""
    teams: dict[int, Team] = {}
    for fixture in fixtures:
        teams.setdefault(fixture.home_id, fixture.home)
        teams.setdefault(fixture.away_id, fixture.away)
    sheets, _blocked = selectors.teams_sheets(teams=teams.values())
    rules: dict[int, str] = {}
    games: dict[int, tuple] = {}
    for fixture in fixtures:
        home, away = sheets.get(fixture.home_id), sheets.get(fixture.away_id)
        league = fixture.season.league
        if home is not None and away is not None:
            if league.pk not in rules:
                rules[league.pk] = coach_rule_of(league)
            games[fixture.pk] = (fixture.pk, FORECAST_MATCHES, rules[league.pk], home, away)
    chances = computed_once_together("rotzball:odds", games, _forecasts, timeout=ODDS_CACHE_SECONDS)
    return {fixture.pk: chances.get(fixture.pk) for fixture in fixtures}


def _forecasts(games: list[tuple]) -> list[dict[str, float]]:
    """The chances of :func:`fixtures_chances`' games, in their order: each coach rule's in
    one engine call per number of matches and coach rule."""
    together: dict[tuple[int, str], list[int]] = {}
    for index, (_seed, n, coach_rule, _home, _away) in enumerate(games):
        together.setdefault((n, coach_rule), []).append(index)
    chances: dict[int, dict[str, float]] = {}
    for (n, coach_rule), indices in together.items():
        estimates = odds_many(
            [(games[i][3], games[i][4], games[i][0]) for i in indices], n=n, coach_rule=coach_rule
        )
        chances.update(zip(indices, map(_chances, estimates), strict=True))
    return [chances[index] for index in range(len(games))]
