"""Glicko-2 as in Glickman's "Example of the Glicko-2 system"."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.ratings.glicko2 import (
    NEW_ENTRANT,
    RATING_LIMIT,
    RD_LIMIT,
    SCALE,
    TAU_RANGE,
    VOLATILITY_RANGE,
    Game,
    Rating,
    Result,
    expected,
    idle,
    rate,
    rate_period,
)

PAPER_PLAYER = Rating(1500, 200, 0.06)
PAPER_GAMES = [Game(1400, 30, 1), Game(1550, 100, 0), Game(1700, 300, 0)]


def test_the_papers_worked_example():
    new = rate(PAPER_PLAYER, PAPER_GAMES, tau=0.5)

    # the paper rounds its intermediate steps and prints 1464.06: unrounded, 1464.05
    assert new.rating == pytest.approx(1464.06, abs=0.015)
    assert new.rd == pytest.approx(151.52, abs=0.01)
    assert new.volatility == pytest.approx(0.05999, abs=0.00001)


def test_the_default_tau_is_half():
    assert rate(PAPER_PLAYER, PAPER_GAMES) == rate(PAPER_PLAYER, PAPER_GAMES, tau=0.5)


def test_a_new_entrant_starts_at_1500_350_006():
    assert (NEW_ENTRANT.rating, NEW_ENTRANT.rd, NEW_ENTRANT.volatility) == (1500, 350, 0.06)


def test_a_period_without_games_grows_the_deviation_only():
    new = rate(PAPER_PLAYER, [])

    assert new.rating == 1500 and new.volatility == 0.06
    assert new.rd == pytest.approx(math.sqrt((200 / SCALE) ** 2 + 0.06**2) * SCALE)
    assert new.rd == pytest.approx(200.2714, abs=0.0001)


def test_one_idle_period_is_a_period_without_games_to_the_last_bit():
    assert idle(PAPER_PLAYER, 1) == rate(PAPER_PLAYER, [])


def test_k_idle_periods_add_k_volatilities_squared():
    grown = idle(PAPER_PLAYER, 3)

    phi = 200 / SCALE
    assert grown.rating == 1500 and grown.volatility == 0.06
    assert grown.rd == pytest.approx(math.sqrt(phi**2 + 3 * 0.06**2) * SCALE, rel=1e-15)
    # the same as three periods without games, one after the other (up to rounding)
    one_by_one = rate(rate(rate(PAPER_PLAYER, []), []), [])
    assert grown.rd == pytest.approx(one_by_one.rd, rel=1e-12)
    assert grown.rd > idle(PAPER_PLAYER, 2).rd > idle(PAPER_PLAYER, 1).rd


def test_no_idle_period_changes_nothing_and_a_negative_count_is_refused():
    assert idle(PAPER_PLAYER, 0) is PAPER_PLAYER
    with pytest.raises(ValueError, match="periods"):
        idle(PAPER_PLAYER, -1)


def test_a_draw_scores_half():
    even = Rating(1500, 100, 0.06)

    assert rate(even, [Game(1500, 100, 0.5)]).rating == pytest.approx(1500)
    assert rate(even, [Game(1500, 100, 1)]).rating > 1500 > rate(even, [Game(1500, 100, 0)]).rating


def test_expected_is_the_glicko_formula():
    a, b = Rating(1700, 50), Rating(1500, 120)
    q = math.log(10) / 400
    g = 1 / math.sqrt(1 + 3 * q**2 * (50**2 + 120**2) / math.pi**2)

    assert expected(a, b) == pytest.approx(1 / (1 + 10 ** (-g * 200 / 400)))
    assert expected(a, a) == 0.5


def test_expected_does_not_overflow_on_the_widest_gap():
    top, bottom = Rating(RATING_LIMIT, 1e-9), Rating(-RATING_LIMIT, 1e-9)

    assert 0 < expected(bottom, top) < 1e-40 and expected(top, bottom) == 1


def test_a_period_rates_every_team_against_the_ratings_before_it():
    teams = {"wolves": Rating(1600, 80), "bears": Rating(1500, 200), "idle": Rating(1450, 90)}

    after = rate_period(teams, [Result("wolves", "bears", 0.5)], tau=0.5)

    assert after["wolves"] == rate(teams["wolves"], [Game(1500, 200, 0.5)])
    assert after["bears"] == rate(teams["bears"], [Game(1600, 80, 0.5)])
    assert after["idle"] == rate(teams["idle"], [])


ratings = st.floats(-RATING_LIMIT, RATING_LIMIT)
rds = st.floats(0, RD_LIMIT, exclude_min=True)
players = st.builds(Rating, ratings, rds, st.floats(*VOLATILITY_RANGE))
taus = st.floats(*TAU_RANGE)
realistic = st.builds(Rating, st.floats(500, 2500), st.floats(30, 350), st.floats(0.01, 0.2))


def games(scores):
    return st.lists(st.builds(Game, ratings, rds, scores), max_size=6)


@given(players, games(st.floats(0, 1)), taus)
def test_every_valid_input_gives_a_finite_rating(player, played, tau):
    new = rate(player, played, tau=tau)

    assert all(math.isfinite(x) for x in (new.rating, new.rd, new.volatility))
    assert new.rd > 0 and new.volatility > 0


@given(realistic, st.lists(st.builds(Game, st.floats(500, 2500), st.floats(30, 350), st.just(1))))
def test_wins_never_lower_the_rating(player, wins):
    assert rate(player, wins).rating >= player.rating


@given(realistic, st.lists(st.builds(Game, st.floats(500, 2500), st.floats(30, 350), st.just(0))))
def test_losses_never_raise_the_rating(player, losses):
    assert rate(player, losses).rating <= player.rating


@given(players, games(st.sampled_from([0, 0.5, 1])).filter(bool), taus)
def test_games_never_leave_the_deviation_above_the_grown_one(player, played, tau):
    new = rate(player, played, tau=tau)
    grown = math.sqrt((player.rd / SCALE) ** 2 + new.volatility**2) * SCALE

    assert new.rd <= grown * (1 + 1e-12)


@given(players, players)
def test_expected_scores_of_both_sides_sum_to_one(a, b):
    assert expected(a, b) + expected(b, a) == pytest.approx(1, abs=1e-12)


def test_rate_period_gives_rate_s_ratings_to_the_last_bit_and_only_those_asked():
    from rules_engine.ratings.glicko2 import Game, Rating, Result, rate, rate_period

    players = {
        "a": Rating(1500, 200, 0.06),
        "b": Rating(1400, 30, 0.06),
        "c": Rating(1550, 100, 0.05),
        "d": Rating(1700, 300, 0.07),
        "idle": Rating(1600, 80, 0.06),
    }
    results = [Result("a", "b", 1.0), Result("c", "a", 0.5), Result("d", "a", 0.0)]
    after = rate_period(players, results, tau=0.7)
    b, c, d = players["b"], players["c"], players["d"]
    games_a = [Game(b.rating, b.rd, 1.0), Game(c.rating, c.rd, 0.5), Game(d.rating, d.rd, 1.0)]
    assert after["a"] == rate(players["a"], games_a, tau=0.7)  # exact, not approximate
    assert after["idle"] == rate(players["idle"], [], tau=0.7)
    assert set(rate_period(players, results, tau=0.7, only=["c", "a"])) == {"a", "c"}
