"""The Monte Carlo: ``n`` completions of the remaining fixtures at once, as numpy arrays (one
row per completion, one column per fixture or team).

Each fixture's outcome is drawn from its chances; where a tie-breaker reads goals, its score is
drawn uniformly from the :class:`~rules_engine.forecasts.season.ScoreModel`'s typical scores for
that outcome. Points, wins and goals are added to each team's totals with one matrix product
per figure; the tables are ranked as the standings rank them (:mod:`.ranking`). The draws come
from ``numpy.random.default_rng`` seeded with one recorded roll of the
:class:`~rules_engine.dice.Dice` ("forecast stream seed"), so a forecast replays from its seed.
Each chance ``p`` over ``n`` completions has the standard error ``sqrt(p (1 - p) / n)``.

The marks (:mod:`.marks`) are applied last: a team marked eliminated shows 0 and a team that
has clinched 1, whatever the draws said (they cannot disagree: a completion that lets a team
finish first disproves its elimination).
"""

from __future__ import annotations

import math

import numpy as np
import numpy.typing as npt

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.forecasts.marks import Marks, title_marks
from rules_engine.forecasts.ranking import positions
from rules_engine.forecasts.season import Chances, Forecast, SeasonState

STREAM_SEED_SIDES = 2**31 - 1
CHUNK = 10_000
"""Completions simulated together: bounds the memory of the head-to-head array (``CHUNK × T²``)."""

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
GOAL_KEYS = ("goal_difference", "goals_for")


def forecast(
    state: SeasonState, *, n: int, dice: Dice, top_places: int = 4, bottom_places: int = 1
) -> Forecast:
    """Each team's chances of finishing first, in the first ``top_places`` and in the last
    ``bottom_places``, over ``n`` simulated completions, with the marks for first place."""
    state.check()
    if n < 1:
        raise InvalidInput("n", "at least one simulation", code="min_value")
    if top_places < 1 or bottom_places < 1:
        raise InvalidInput("places", "at least one place", code="min_value")
    t = len(state.teams)
    top = min(top_places, t)
    bottom = min(bottom_places, t)
    if not state.remaining:
        n = 1  # the table is final: one "completion" is the table itself
    rng = np.random.default_rng(dice.roll(STREAM_SEED_SIDES, "forecast stream seed"))
    counts = np.zeros((3, t), dtype=np.int64)
    done = 0
    while done < n:
        size = min(CHUNK, n - done)
        places = _simulate(state, size, rng)
        counts[0] += (places == 0).sum(axis=0)
        counts[1] += (places < top).sum(axis=0)
        counts[2] += (places >= t - bottom).sum(axis=0)
        done += size
    if state.remaining:
        seen_first = (x.team for i, x in enumerate(state.teams) if counts[0, i])
        marks = title_marks(state, possible=frozenset(seen_first))
    else:
        first = state.teams[int(np.argmax(counts[0]))].team
        others = frozenset(x.team for x in state.teams if x.team != first)
        marks = Marks(frozenset({first}), others, exact=True)
    return Forecast(
        simulations=n,
        top_places=top,
        bottom_places=bottom,
        seed=dice.seed,
        teams=tuple(
            _chances(team.team, counts[:, i], n, marks) for i, team in enumerate(state.teams)
        ),
        exact_marks=marks.exact,
    )


def _chances(team: int, counts: Ints, n: int, marks: Marks) -> Chances:
    title, top, bottom = (float(c) / n for c in counts)
    clinched = team in marks.clinched
    eliminated = team in marks.eliminated
    if eliminated:
        title = 0.0
    elif clinched:
        title = 1.0
    return Chances(
        team=team,
        title=title,
        top=top,
        bottom=bottom,
        title_se=_se(title, n),
        top_se=_se(top, n),
        bottom_se=_se(bottom, n),
        clinched_title=clinched,
        eliminated_title=eliminated,
    )


def _se(p: float, n: int) -> float:
    return math.sqrt(p * (1 - p) / n)


def _simulate(state: SeasonState, n: int, rng: np.random.Generator) -> Ints:
    """The places of ``n`` completions (``n × T``, 0 first)."""
    index = {team.team: i for i, team in enumerate(state.teams)}
    t, f = len(state.teams), len(state.remaining)
    scheme = state.scheme
    home_of = np.array([index[x.home] for x in state.remaining], dtype=np.int64)
    away_of = np.array([index[x.away] for x in state.remaining], dtype=np.int64)
    exact = _exact_float(state, f)
    home_matrix = np.zeros((f, t), dtype=exact)
    away_matrix = np.zeros((f, t), dtype=exact)
    home_matrix[np.arange(f), home_of] = 1
    away_matrix[np.arange(f), away_of] = 1

    # outcome 0 home win, 1 draw, 2 away win
    chances = np.array(
        [[x.probabilities.get(o, 0.0) for o in ("home", "draw", "away")] for x in state.remaining]
    ).reshape(f, 3)
    totals = chances.sum(axis=1, keepdims=True)
    cumulative = np.cumsum(chances / np.where(totals > 0, totals, 1), axis=1)
    cumulative[:, 2] = np.inf  # rounding never draws past the last outcome
    cumulative[chances[:, 2] == 0, 1] = np.inf  # nor an away win that cannot happen
    draws = rng.random((n, f))
    outcome = (draws >= cumulative[:, 0]).astype(np.int64) + (draws >= cumulative[:, 1])

    def per_team(home_value: Floats, away_value: Floats) -> Ints:
        summed = home_value @ home_matrix + away_value @ away_matrix
        return np.rint(summed).astype(np.int64)

    home_points = np.array([scheme.win, scheme.draw, scheme.loss], dtype=exact)[outcome]
    away_points = np.array([scheme.loss, scheme.draw, scheme.win], dtype=exact)[outcome]
    base = np.array([[x.points(scheme), x.wins, x.goals_for, x.goals_against] for x in state.teams])
    values: dict[str, Ints] = {
        "points": base[:, 0] + per_team(home_points, away_points),
    }
    keys = set(state.tiebreakers)
    if "wins" in keys:
        values["wins"] = base[:, 1] + per_team(
            (outcome == 0).astype(exact), (outcome == 2).astype(exact)
        )
    if keys & set(GOAL_KEYS):
        home_goals, away_goals = _scores(state, outcome, rng, exact)
        goals_for = base[:, 2] + per_team(home_goals, away_goals)
        goals_against = base[:, 3] + per_team(away_goals, home_goals)
        values["goals_for"] = goals_for
        values["goal_difference"] = goals_for - goals_against
    head_to_head: npt.NDArray[np.int32] | None = None
    if "head_to_head" in keys:
        # one row per pair of teams (``T² × N``): each pair's points added along a row, not down
        # a column of an ``N × T²`` array, then seen as ``N × T × T`` without a copy
        flat = np.zeros((t * t, n), dtype=np.int32)
        for (a, b), before in state.head_to_head.items():
            if a in index and b in index:
                flat[index[a] * t + index[b]] += before
        for cells, earned in (
            (home_of * t + away_of, home_points.T.astype(np.int32)),
            (away_of * t + home_of, away_points.T.astype(np.int32)),
        ):
            if len(np.unique(cells)) == len(cells):
                flat[cells] += earned
            else:  # a pair meeting twice on the same ground: add each meeting
                for k, cell in enumerate(cells):
                    flat[cell] += earned[k]
        head_to_head = flat.reshape(t, t, n).transpose(2, 0, 1)
    return positions(values, state.tiebreakers, head_to_head)


def _scores(
    state: SeasonState,
    outcome: Ints,
    rng: np.random.Generator,
    exact: type[np.floating] = np.float64,
) -> tuple[Floats, Floats]:
    """Home and away goals for each simulated result, drawn from the typical scores of its
    outcome (as ``exact`` floats)."""
    lists = [list(state.scores.scores[o]) for o in ("home", "draw", "away")]
    flat = np.array([score for scores in lists for score in scores], dtype=exact)
    lengths = np.array([len(scores) for scores in lists], dtype=np.int64)
    offsets = np.concatenate(([0], np.cumsum(lengths)[:-1]))
    picks = offsets[outcome] + (rng.random(outcome.shape) * lengths[outcome]).astype(np.int64)
    return flat[:, 0].take(picks), flat[:, 1].take(picks)


def _exact_float(state: SeasonState, fixtures: int) -> type[np.floating]:
    """The float type the per-team sums are added in: ``float32`` (half the memory, twice the
    matrix products) while every sum over the ``fixtures`` left is an integer it holds exactly
    (below 2²⁴, as points and goals are), else ``float64``; either gives the same integers."""
    scheme = state.scheme
    largest = max(
        abs(value)
        for value in (
            scheme.win,
            scheme.draw,
            scheme.loss,
            *(
                goals
                for scores in state.scores.scores.values()
                for score in scores
                for goals in score
            ),
        )
    )
    return np.float32 if largest * fixtures < 2**24 else np.float64
