"""The title marks against a brute-force enumeration of every completion of small seasons:
clinched exactly when every completion leaves the team alone on top on points, eliminated
never when some completion lets it share the top (and exactly then, when the marks say they
are exact), and never for a team the simulation saw first."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine import Dice
from rules_engine.forecasts import (
    PointsScheme,
    RemainingFixture,
    SeasonState,
    TeamTotals,
    forecast,
    title_marks,
)

pytestmark = pytest.mark.property

SCHEMES = [
    PointsScheme(3, 1, 0),
    PointsScheme(2, 1, 0),
    PointsScheme(1, 0, 0),
    PointsScheme(3, 2, 1),
]


@st.composite
def seasons(draw):
    count = draw(st.integers(2, 5))
    teams = list(range(1, count + 1))
    totals = [
        TeamTotals(team, wins=draw(st.integers(0, 4)), draws=draw(st.integers(0, 2)))
        for team in teams
    ]
    pairs = [(a, b) for a in teams for b in teams if a != b]
    chosen = draw(st.lists(st.sampled_from(pairs), max_size=6))
    remaining = []
    for home, away in chosen:
        if draw(st.booleans()):
            chances = {"home": 0.4, "draw": 0.2, "away": 0.4}
        else:
            chances = {"home": 0.5, "away": 0.5}
        remaining.append(RemainingFixture(home, away, chances))
    return SeasonState(teams=totals, remaining=remaining, scheme=draw(st.sampled_from(SCHEMES)))


def completions(state):
    """Every completion's final points."""
    start = state.points()
    choices = [tuple(fixture.probabilities) for fixture in state.remaining]
    for outcomes in itertools.product(*choices):
        points = dict(start)
        for fixture, outcome in zip(state.remaining, outcomes, strict=True):
            home, away = state.scheme.of(outcome)
            points[fixture.home] += home
            points[fixture.away] += away
        yield points


@given(seasons())
def test_marks_agree_with_every_completion(state):
    can_share = set()
    always_alone = {t.team for t in state.teams}
    for points in completions(state):
        top = max(points.values())
        can_share |= {team for team, p in points.items() if p == top}
        alone = [team for team, p in points.items() if p == top]
        always_alone &= set(alone) if len(alone) == 1 else set()

    marks = title_marks(state)

    if not state.remaining:
        assert not marks.clinched and not marks.eliminated
        return
    assert marks.clinched == always_alone
    assert not marks.eliminated & can_share  # never wrong
    if marks.exact:
        assert marks.eliminated == {t.team for t in state.teams} - can_share


@given(seasons(), st.integers(0, 2**20))
def test_a_team_seen_first_is_never_eliminated_and_an_eliminated_team_shows_zero(state, seed):
    result = forecast(state, n=200, dice=Dice(seed))
    for chances in result.teams:
        if chances.eliminated_title:
            assert chances.title == 0
        if chances.clinched_title:
            assert chances.title == 1
    # without the simulation's hint, the flow alone agrees
    alone = title_marks(state)
    seen_first = {c.team for c in result.teams if c.title > 0}
    if state.remaining:
        assert not alone.eliminated & seen_first


def test_the_baseball_example_a_team_out_of_reach_though_its_points_could_catch_each_leader():
    # 1 and 2 lead on 6 and still play each other twice; 3 (3 points, one game left against
    # 4) reaches 6 at best, but one of 1 and 2 must pass 6 in their two meetings (win/loss
    # only): eliminated, though neither leader alone is out of reach.
    state = SeasonState(
        teams=[TeamTotals(1, wins=6), TeamTotals(2, wins=6), TeamTotals(3, wins=5), TeamTotals(4)],
        remaining=[
            RemainingFixture(1, 2, {"home": 0.5, "away": 0.5}),
            RemainingFixture(2, 1, {"home": 0.5, "away": 0.5}),
            RemainingFixture(3, 4, {"home": 0.5, "away": 0.5}),
        ],
        scheme=PointsScheme(1, 0, 0),
    )
    marks = title_marks(state)
    assert marks.exact
    assert marks.eliminated == {3, 4}
    assert marks.clinched == frozenset()


def test_a_draw_lets_the_third_team_share_the_top_under_2_1_0():
    # 1 and 2 on 4, one meeting left; 3 on 3 with a game to win reaches 5: it shares the top
    # only if 1 and 2 draw (5 each) - the conserving flow sees it, the win/loss one would not.
    state = SeasonState(
        teams=[
            TeamTotals(1, wins=2),
            TeamTotals(2, wins=2),
            TeamTotals(3, wins=1, draws=1),
            TeamTotals(4),
        ],
        remaining=[
            RemainingFixture(1, 2, {"home": 0.4, "draw": 0.2, "away": 0.4}),
            RemainingFixture(3, 4, {"home": 0.4, "draw": 0.2, "away": 0.4}),
        ],
        scheme=PointsScheme(2, 1, 0),
    )
    marks = title_marks(state)
    assert marks.exact
    assert 3 not in marks.eliminated
    assert marks.eliminated == {4}
