"""The vectorised odds: input checks, replayability, and agreement with the narrative engine
within Monte Carlo error (the same rules, played two ways)."""

import math
import statistics

import numpy as np
import pytest

import rules_engine.witcher.fast_odds as fast_odds
from rules_engine import Dice, InvalidInput, Purpose
from rules_engine.witcher import (
    load_tables,
    odds,
    parse_battle,
    plan_battle,
    resolve_battle,
    roll_skill,
)
from rules_engine.witcher.fast_odds import estimate_odds
from tests.engine.witcher.builders import auld_alliance_battle, battle, plain, troop

EVEN = battle(plain("A"), plain("B"))


@pytest.mark.parametrize("n", [0, -5, 10_000_001, 1.5, True, "100", None])
def test_n_must_be_an_integer_from_1_to_10_million(n):
    with pytest.raises(InvalidInput) as caught:
        odds(EVEN, n=n, seed=1)
    assert caught.value.field == "n"
    assert caught.value.message == "must be an integer between 1 and 10000000"


def test_odds_replay_from_their_seed_through_one_recorded_roll():
    first = odds(EVEN, n=5000, seed=11)

    assert odds(EVEN, n=5000, seed=11) == first
    assert odds(EVEN, n=5000, seed=12) != first
    assert first["seed"] == 11
    dice = Dice(11)
    estimate_odds(parse_battle(EVEN), n=10, dice=dice)
    assert [roll["purpose"] for roll in dice.log()] == [{"code": "odds_stream_seed"}]


def test_a_single_battle_is_a_whole_result():
    result = odds(EVEN, n=1, seed=3)

    assert list(result) == ["n", "attacker_win", "standard_error", "crushing", "phase_win", "seed"]
    assert result["attacker_win"] in (0.0, 1.0)
    assert set(result["phase_win"]) == {"1", "2", "3"}
    assert sum(result["phase_win"].values()) in (0.0, 1.0, 2.0, 3.0)


def test_a_battle_with_card_errors_is_refused():
    bad = plain("A") | {"troops": [troop("Militia", 12, 300, phase=1)]}

    with pytest.raises(InvalidInput) as caught:
        odds(battle(bad, plain("B")), n=10, seed=1)
    assert caught.value.field == "attacker.troops.0.phase"


class ScriptedRng:
    """Stands in for numpy's generator: each ``integers`` call returns the next array."""

    def __init__(self, arrays):
        self.arrays = list(arrays)

    def integers(self, low, high, size, dtype=None):
        values = np.array(self.arrays.pop(0), dtype=np.int64)
        assert values.shape == (size,) and ((low <= values) & (values < high)).all()
        return values


@pytest.mark.parametrize("base", [5, 8, 11, 12, 15])
@pytest.mark.parametrize("natural", range(1, 11))
def test_a_fast_roll_scores_and_spends_luck_like_the_narrative_roll(base, natural):
    """The same dice through both engines: criticals, fumbles, points and Luck spent."""
    dc = 12
    follow = {10: [[10], [4]], 1: [[6]]}.get(natural, [])
    script = [natural, *(value for (value,) in follow)]
    for pool_size in range(8):
        sim = fast_odds._Simulator(plan_battle(parse_battle(EVEN)), 0)
        sim.rng = ScriptedRng([[natural], *follow])
        pool = np.array([pool_size], dtype=np.int64)
        points = sim._points(np.array([base]), dc, pool, np.array([0]))

        expected = roll_skill(Dice.scripted(script), base=base, dc=dc, purpose=Purpose("t"),
                              luck_left=pool_size, wanted=dc + 1)  # fmt: skip
        assert (int(points[0]), pool_size - int(pool[0])) == (expected.points, expected.luck)


def narrative(data, count, tables=None):
    parsed = parse_battle(data, tables=tables)
    results = [resolve_battle(parsed, Dice(seed, record=False)) for seed in range(count)]
    winners = [[p.winner.value == "attacker" for p in r.phases] for r in results]
    return {
        "attacker_win": [float(sum(w) >= 2) for w in winners],
        "crushing_attacker": [float(sum(w) == 3) for w in winners],
        "crushing_defender": [float(sum(w) == 0) for w in winners],
        **{f"phase_{p}": [float(w[p - 1]) for w in winners] for p in (1, 2, 3)},
    }


def lopsided():
    a = plain("A", tactics=17, command=9, luck=4) | {
        "seconds": {"2": {"name": "Second", "tactics": 8, "command": 16, "luck": 2}}
    }
    b = plain("B", count=420, tactics=11, command=15, luck=3)
    return battle(a, b, crucial_moments={"1": {"attacker_chance": 0.3}, "3": {}},
                  circumstances={"defender": {"2": {"weather": 2}}})  # fmt: skip


SCENARIOS = [
    pytest.param(EVEN, None, id="even armies, SR 10"),
    pytest.param(
        auld_alliance_battle(crucial_moments={"1": {"attacker_chance": 0.4}, "3": {}}),
        None,
        id="Auld Alliance with crucial moments, Luck and seconds",
    ),
    pytest.param(lopsided(), None, id="phase-3 choice matters, Luck in several pools"),
    pytest.param(
        battle(
            plain("A", 100),
            plain("B", 100, tactics=14),
            crucial_moments={"1": {"attacker_chance": 0.7}, "2": {}, "3": {}},
        ),
        None,
        id="skirmish: moments before the first roll",
    ),
    pytest.param(
        battle(plain("A", tactics=9, command=9, luck=12), plain("B", tactics=11, command=11)),
        None,
        id="Luck decides: a weak commander with a large pool",
    ),
    pytest.param(
        battle(plain("A", 10000, tactics=6, command=6), plain("B", 10000, dc=16)),
        load_tables({"rounds_limit": 3}),
        id="hard DCs, SR 20 and a round limit of 3 (coins)",
    ),
]


@pytest.mark.parametrize(("data", "tables"), SCENARIOS)
def test_fast_odds_agree_with_the_narrative_engine(data, tables, monkeypatch):
    monkeypatch.setattr(fast_odds, "CHUNK", 40_000)  # several batches, one partial
    n, count = 150_000, 2500
    fast = estimate_odds(parse_battle(data, tables=tables), n=n, dice=Dice(99)).to_dict()
    slow = narrative(data, count, tables)

    fast_values = {
        "attacker_win": fast["attacker_win"],
        "crushing_attacker": fast["crushing"]["attacker"],
        "crushing_defender": fast["crushing"]["defender"],
        **{f"phase_{p}": fast["phase_win"][str(p)] for p in (1, 2, 3)},
    }
    for key, samples in slow.items():
        mean = statistics.fmean(samples)
        # Two-proportion test: the pooled share's variance also covers rare outcomes seen
        # by one engine only.
        pooled = (sum(samples) + fast_values[key] * n) / (count + n)
        standard_error = math.sqrt(pooled * (1 - pooled) * (1 / count + 1 / n))
        assert abs(fast_values[key] - mean) <= 4 * standard_error + 1e-9, key


def test_gm_decisions_are_taken_automatically_by_the_odds():
    data = lopsided() | {"options": {"moments": "gm", "phase3_skill": "gm"}}
    auto = lopsided()

    assert odds(data, n=20_000, seed=4) == odds(auto, n=20_000, seed=4)


def test_the_standard_error_is_returned_and_matches_the_spread_of_estimates():
    """sqrt(p (1 - p) / n) for the attacker's share, and honest: the estimates of many seeds
    scatter by about that much (their standard deviation is within 25 % of it)."""
    n, seeds = 2000, 60
    data = auld_alliance_battle()
    estimates = [odds(data, n=n, seed=seed) for seed in range(seeds)]

    for estimate in estimates:
        p = estimate["attacker_win"]
        assert estimate["standard_error"] == pytest.approx(math.sqrt(p * (1 - p) / n))
    spread = statistics.stdev(estimate["attacker_win"] for estimate in estimates)
    mean_error = statistics.fmean(estimate["standard_error"] for estimate in estimates)
    assert 0.75 * mean_error <= spread <= 1.25 * mean_error
