"""Properties that hold for every input, checked with Hypothesis."""

from hypothesis import given
from hypothesis import strategies as st

from rules_engine.dice import Dice
from rules_engine.killpower import (
    Score,
    Shooter,
    Side,
    Standing,
    free_throws,
    ranking_points,
    single_elimination,
    targets,
)

sides = st.sampled_from([Side.HOME, Side.AWAY, None])


@given(st.integers(2, 70))
def test_every_entrant_once_and_byes_to_the_top_seeds(n):
    bracket = single_elimination([f"T{i}" for i in range(1, n + 1)])
    first = bracket.rounds[0]
    seeds = [m.home.seed for m in first] + [m.away.seed for m in first if m.away]
    assert sorted(seeds) == list(range(1, n + 1))
    byes = sorted(m.home.seed for m in first if m.bye)
    assert byes == list(range(1, bracket.size - n + 1))
    assert len(bracket.rounds[-1]) == 1
    # Seeds 1 and 2 are in different halves: they can only meet in the final.
    if len(first) >= 2:
        half = len(first) // 2
        assert 1 in [m.home.seed for m in first[:half]]
        assert 2 in [m.home.seed for m in first[half:]]


@given(st.integers(0, 60), st.integers(0, 120), st.integers(0, 60), st.integers(0, 120), sides)
def test_ranking_points_never_negative(home_points, home_power, away_points, away_power, winner):
    home, away = Standing(home_points, home_power), Standing(away_points, away_power)
    assert min(ranking_points(home, away, winner)) >= 0


@given(st.integers(0, 200), st.integers(0, 200))
def test_the_stronger_side_never_needs_less(home_power, away_power):
    needed = targets(home_power, away_power)
    assert min(needed.home, needed.away) == 1
    if home_power > away_power:
        assert needed.home >= needed.away


@given(
    st.lists(st.integers(0, 20), min_size=1, max_size=2),
    st.lists(st.integers(0, 20), min_size=1, max_size=2),
    st.integers(0, 5),
    st.integers(0, 2**32),
)
def test_free_throws_end_with_a_leader_and_add_up(home_bal, away_bal, tied_at, seed):
    result = free_throws(
        {
            Side.HOME: [Shooter(f"H{i}", bal) for i, bal in enumerate(home_bal)],
            Side.AWAY: [Shooter(f"A{i}", bal) for i, bal in enumerate(away_bal)],
        },
        powers={Side.HOME: 10, Side.AWAY: 5},
        score=Score(tied_at, tied_at),
        dice=Dice(seed),
    )
    assert result.final.leader() is result.winner
    for side in Side:
        points = sum(s.points for s in result.shots if s.side is side)
        assert result.final.of(side) == tied_at + points
    assert all(2 <= s.distance <= 12 for s in result.shots)
    assert result.shots[0].side is Side.HOME
