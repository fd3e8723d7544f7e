"""The draw model: a logistic in the rating gap, fitted by maximum a posteriori."""

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules_engine.errors import InvalidInput
from rules_engine.ratings.draws import (
    DEFAULT_DRAW_RATE,
    PRIOR,
    DrawModel,
    fit,
    outcome_probabilities,
)


def sample(model, n, seed):
    rng = random.Random(seed)
    results = []
    for _ in range(n):
        gap = rng.uniform(-600, 600)
        results.append((gap, rng.random() < model.chance(gap)))
    return results


def test_the_fit_recovers_the_parameters_of_a_large_sample():
    truth = DrawModel(intercept=-1.0, slope=-0.5)

    fitted = fit(sample(truth, 20_000, seed=2026))

    # about three standard errors of each estimate at this sample size
    assert fitted.intercept == pytest.approx(-1.0, abs=0.08)
    assert fitted.slope == pytest.approx(-0.5, abs=0.06)


def test_draws_grow_rarer_with_the_gap_when_the_sample_says_so():
    fitted = fit(sample(DrawModel(-0.5, -0.8), 2000, seed=7))

    assert fitted.chance(0) > fitted.chance(200) > fitted.chance(-400) > 0


def test_without_results_the_model_is_the_default_rate_whatever_the_gap():
    model = fit([])

    assert model == PRIOR
    assert model.chance(0) == model.chance(500) == pytest.approx(DEFAULT_DRAW_RATE)


def test_few_results_are_shrunk_toward_the_default_rate():
    three_draws = fit([(0, True)] * 3).chance(0)
    observed_many = fit([(0, True)] * 300 + [(0, False)] * 700).chance(0)

    assert DEFAULT_DRAW_RATE < three_draws < 1  # observed: 1
    assert observed_many == pytest.approx(0.3, abs=0.005)  # the prior hardly counts


def test_the_sign_of_the_gap_does_not_matter():
    results = sample(DrawModel(-1, -0.3), 300, seed=3)

    assert fit(results) == fit([(-gap, draw) for gap, draw in results])


def test_the_three_outcomes_keep_the_expected_score():
    assert outcome_probabilities(0.7, 0.3) == pytest.approx((0.55, 0.3, 0.15))


def test_a_draw_chance_too_high_for_the_favourite_is_clipped():
    home, draw, away = outcome_probabilities(0.9, 0.3)

    assert (home, draw, away) == pytest.approx((0.8, 0.2, 0.0))
    assert away == 0


@pytest.mark.parametrize(("expected", "draw"), [(1.2, 0.1), (0.5, -0.1), (math.nan, 0.2)])
def test_outcomes_refuse_chances_outside_0_1(expected, draw):
    with pytest.raises(InvalidInput):
        outcome_probabilities(expected, draw)


@given(st.floats(0, 1), st.floats(0, 1))
def test_outcomes_sum_to_one_and_keep_the_expected_score(expected, draw):
    home, clipped, away = outcome_probabilities(expected, draw)

    assert min(home, clipped, away) >= 0
    assert home + clipped + away == pytest.approx(1, abs=1e-12)
    assert home + clipped / 2 == pytest.approx(expected, abs=1e-12)
    assert clipped <= draw


@given(st.lists(st.tuples(st.floats(-5000, 5000), st.booleans()), max_size=40))
def test_the_fit_gives_chances_between_0_and_1(results):
    model = fit(results)

    assert all(0 < model.chance(gap) < 1 for gap in (0, 100, 1000))
