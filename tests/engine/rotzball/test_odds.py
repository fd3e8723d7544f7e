"""The vectorised odds: input checks, replayability, and agreement with the narrative
engine within Monte Carlo error (the same rules, played two ways)."""

import math
import statistics
from typing import Any

import pytest

import rules_engine.rotzball.fast_odds as fast_odds
from rules_engine import Dice, InvalidInput
from rules_engine.rotzball import odds, parse_sheet, simulate
from rules_engine.rotzball.fast_odds import estimate_odds
from tests.engine.rotzball.builders import sheet

HOME, AWAY = sheet("Home"), sheet("Away")


@pytest.mark.parametrize("n", [0, -5, 10_000_001, 1.5, True, "100", None])
def test_n_must_be_an_integer_from_1_to_10_million(n):
    with pytest.raises(InvalidInput) as caught:
        odds(HOME, AWAY, n=n, seed=1)
    assert caught.value.field == "n"
    assert caught.value.message == "must be an integer between 1 and 10000000"


def test_odds_replay_from_their_seed_through_one_recorded_roll():
    first = odds(HOME, AWAY, n=5000, seed=11)

    assert odds(HOME, AWAY, n=5000, seed=11) == first
    assert odds(HOME, AWAY, n=5000, seed=12) != first
    assert first["seed"] == 11
    dice = Dice(11)
    estimate_odds(parse_sheet(HOME), parse_sheet(AWAY, "away"), n=10, dice=dice)
    assert [roll["purpose"] for roll in dice.log()] == ["odds stream seed"]


def test_shares_add_up_and_a_single_match_is_a_whole_result():
    result = odds(HOME, AWAY, n=1, seed=3)

    assert result["n"] == 1
    assert sorted([result["home_win"], result["away_win"]]) == [0.0, 1.0]
    assert sorted(result["decided_by"].values()) == [0.0, 0.0, 1.0]
    assert result["mean_home_goals"] == int(result["mean_home_goals"])


def narrative(home: dict[str, Any], away: dict[str, Any], count: int, rule: str) -> dict[str, Any]:
    results = [simulate(home, away, seed=seed, coach_rule=rule) for seed in range(count)]
    return {
        "home_win": [float(r["winner"] == "home") for r in results],
        "mean_home_goals": [float(r["home_score"]) for r in results],
        "mean_away_goals": [float(r["away_score"]) for r in results],
        **{how: [float(r["decided_by"] == how) for r in results] for how in
           ("regulation", "extra_time", "possession")},
    }  # fmt: skip


SCENARIOS = [
    pytest.param(sheet("Home"), sheet("Away"), "test", id="equal balanced teams"),
    pytest.param(
        sheet("Home", attack=60, defense=35, coach=55, tactic="offensive"),
        sheet("Away", attack=45, defense=50, coach=35, tactic="defensive"),
        "difference",
        id="offensive v defensive, coach difference",
    ),
    pytest.param(
        sheet("Home", attack=85, defense=20, coach=70, tactic="balanced"),
        sheet("Away", attack=30, defense=90, coach=25, tactic="offensive"),
        "test",
        id="extreme ratings: many criticals, counter-attacks and carry-overs",
    ),
]


@pytest.mark.parametrize(("home", "away", "rule"), SCENARIOS)
def test_fast_odds_agree_with_the_narrative_engine(home, away, rule, monkeypatch):
    monkeypatch.setattr(fast_odds, "CHUNK", 50_000)  # several batches, one partial
    n, count = 180_000, 2500
    fast = odds(home, away, n=n, seed=99, coach_rule=rule)
    slow = narrative(home, away, count, rule)

    fast_values = {
        "home_win": fast["home_win"],
        "mean_home_goals": fast["mean_home_goals"],
        "mean_away_goals": fast["mean_away_goals"],
        **fast["decided_by"],
    }
    for key, samples in slow.items():
        mean = statistics.fmean(samples)
        variance = statistics.pvariance(samples, mean)
        standard_error = math.sqrt(variance / count + variance / n)
        assert abs(fast_values[key] - mean) <= 4 * standard_error + 1e-9, key
    assert math.isclose(fast["home_win"] + fast["away_win"], 1.0)
    assert math.isclose(sum(fast["decided_by"].values()), 1.0)


def test_the_standard_error_is_returned_and_matches_the_spread_of_estimates():
    """sqrt(p (1 - p) / n) for the home share, and honest: the estimates of many seeds
    scatter by about that much (their standard deviation is within 25 % of it)."""
    n, seeds = 2000, 60
    estimates = [odds(HOME, AWAY, n=n, seed=seed) for seed in range(seeds)]

    for estimate in estimates:
        p = estimate["home_win"]
        assert estimate["standard_error"] == pytest.approx(math.sqrt(p * (1 - p) / n))
    spread = statistics.stdev(estimate["home_win"] for estimate in estimates)
    mean_error = statistics.fmean(estimate["standard_error"] for estimate in estimates)
    assert 0.75 * mean_error <= spread <= 1.25 * mean_error
