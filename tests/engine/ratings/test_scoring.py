"""Scoring forecasts: Brier score, log loss and reliability bins, against hand-computed values
and their properties."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.errors import InvalidInput
from rules_engine.ratings.scoring import (
    FLOOR,
    Bin,
    Forecast,
    bin_of,
    brier,
    log_loss,
    reliability,
    score,
    uniform,
)

OUTCOMES = ("home", "draw", "away")


def test_one_game_by_hand():
    game = Forecast({"home": 0.5, "draw": 0.3, "away": 0.2}, actual="home")

    # (0.5 - 1)^2 + 0.3^2 + 0.2^2 = 0.25 + 0.09 + 0.04
    assert brier(game) == pytest.approx(0.38)
    assert log_loss(game) == pytest.approx(-math.log(0.5))


def test_the_means_over_two_games_by_hand():
    games = [
        Forecast({"home": 0.5, "draw": 0.3, "away": 0.2}, actual="home"),  # 0.38, ln 2
        Forecast({"home": 0.6, "draw": 0.2, "away": 0.2}, actual="away"),  # 0.36+0.04+0.64
    ]

    result = score(games)

    assert result.count == 2
    assert result.brier == pytest.approx((0.38 + 1.04) / 2)
    assert result.log_loss == pytest.approx((math.log(2) + math.log(5)) / 2)


def test_an_outcome_left_out_was_given_nothing_and_the_log_loss_is_floored():
    game = Forecast({"home": 0.62, "away": 0.38}, actual="draw")

    assert brier(game) == pytest.approx(0.62**2 + 0.38**2 + 1)
    assert log_loss(game) == pytest.approx(-math.log(FLOOR))
    assert log_loss(game) == pytest.approx(13.8155, abs=1e-4)


def test_reliability_bins_by_tenth_by_hand():
    games = [
        Forecast({"home": 0.62, "away": 0.38}, actual="home"),
        Forecast({"home": 0.68, "away": 0.32}, actual="away"),
        Forecast({"home": 1.0, "away": 0.0}, actual="home"),
    ]

    bins = reliability(games)

    assert [(b.low, b.high, b.count) for b in bins] == [
        (0.0, 0.1, 1),
        (0.3, 0.4, 2),
        (0.6, 0.7, 2),
        (0.9, 1.0, 1),
    ]
    assert bins[1].mean_predicted == pytest.approx(0.35)
    assert bins[1].observed == pytest.approx(0.5)
    assert bins[2].mean_predicted == pytest.approx(0.65)
    assert bins[2].observed == pytest.approx(0.5)
    assert bins[3] == Bin(low=0.9, high=1.0, count=1, mean_predicted=1.0, observed=1.0)
    assert bins[0].observed == 0.0


@pytest.mark.parametrize(
    ("chance", "index"), [(0.0, 0), (0.0999, 0), (0.1, 1), (0.35, 3), (0.9, 9), (1.0, 9)]
)
def test_the_tenth_a_chance_falls_in(chance, index):
    assert bin_of(chance) == index


def test_no_game_no_score():
    assert score([]) == score(()) and score([]).brier is None and score([]).log_loss is None
    assert score([]).count == 0 and score([]).bins == ()


@pytest.mark.parametrize(
    ("probabilities", "actual", "field"),
    [
        ({"home": 1.2, "away": -0.2}, "home", "probabilities.home"),
        ({"home": float("nan"), "away": 0.5}, "home", "probabilities.home"),
        ({"home": 0.5, "away": 0.2}, "home", "probabilities"),
        ({"home": 0.5, "away": 0.5}, "", "actual"),
    ],
)
def test_bad_forecasts_are_refused_naming_the_field(probabilities, actual, field):
    with pytest.raises(InvalidInput) as refused:
        Forecast(probabilities, actual=actual)
    assert refused.value.field == field


def test_the_uniform_forecast():
    assert uniform(["home", "away", "home"]) == {"home": 0.5, "away": 0.5}
    with pytest.raises(InvalidInput):
        uniform([])


outcome_counts = st.integers(min_value=1, max_value=6)


@st.composite
def forecasts(draw):
    k = draw(outcome_counts)
    weights = draw(st.lists(st.floats(0.01, 100), min_size=k, max_size=k))
    total = sum(weights)
    names = [f"o{index}" for index in range(k)]
    actual = draw(st.sampled_from(names))
    return Forecast({n: w / total for n, w in zip(names, weights, strict=True)}, actual=actual)


@given(st.lists(st.tuples(outcome_counts, st.integers(0, 5)), min_size=1, max_size=20))
def test_a_perfect_forecast_scores_zero(games):
    perfect = [
        Forecast({f"o{i}": float(i == actual % k) for i in range(k)}, actual=f"o{actual % k}")
        for k, actual in games
    ]

    result = score(perfect)

    assert result.brier == 0
    assert result.log_loss == 0
    assert all(b.observed == b.mean_predicted for b in result.bins)


@given(outcome_counts, st.lists(st.integers(0, 5), min_size=1, max_size=20))
def test_the_naive_uniform_forecast_scores_k_minus_one_over_k(k, actuals):
    names = [f"o{i}" for i in range(k)]
    games = [Forecast(uniform(names), actual=names[a % k]) for a in actuals]

    result = score(games)

    assert result.brier == pytest.approx((k - 1) / k)
    assert result.log_loss == pytest.approx(math.log(k))


@given(st.lists(forecasts(), min_size=1, max_size=20))
def test_the_scores_stay_in_their_bounds(games):
    result = score(games)

    assert 0 <= result.brier <= 2
    assert 0 <= result.log_loss <= -math.log(FLOOR)
    assert sum(b.count for b in result.bins) == sum(len(g.outcomes) for g in games)
    for b in result.bins:
        assert b.low - 1e-9 <= b.mean_predicted <= b.high + 1e-9
        assert 0 <= b.observed <= 1
