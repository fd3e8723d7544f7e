"""The text's tables: weather, injuries, the tackle table top to bottom, shots, tests."""

import pytest

from rules_engine import InvalidInput
from rules_engine.tutatis import (
    Injury,
    TackleResult,
    Weather,
    falls_hurt,
    injury_for,
    passes_test,
    shot,
    tackle,
    tackle_result,
    weather_for,
)


@pytest.mark.parametrize(
    ("total", "weather"),
    [
        (2, Weather.STORM),
        (3, Weather.RAIN),
        (4, Weather.IDEAL),
        (7, Weather.IDEAL),
        (10, Weather.IDEAL),
        (11, Weather.HEAT_WAVE),
        (12, Weather.SCORCHING),
    ],
)
def test_weather_bands(total, weather):
    assert weather_for(total) is weather


@pytest.mark.parametrize(
    ("total", "injury"),
    [
        (2, Injury.STUNNED),
        (7, Injury.STUNNED),
        (8, Injury.UNCONSCIOUS),
        (9, Injury.UNCONSCIOUS),
        (10, Injury.BADLY_HURT),
        (12, Injury.BADLY_HURT),
    ],
)
def test_injury_bands(total, injury):
    assert injury_for(total) is injury


@pytest.mark.parametrize("total", [1, 13, 0])
def test_a_2d6_sum_out_of_range_is_refused(total):
    with pytest.raises(InvalidInput):
        weather_for(total)
    with pytest.raises(InvalidInput):
        injury_for(total)


@pytest.mark.parametrize(
    ("difference", "row"),
    [
        (9, TackleResult.DEFENDER_PUSHED_OR_KO),
        (5, TackleResult.DEFENDER_PUSHED_OR_KO),
        (4, TackleResult.DEFENDER_PUSHED_HARD),
        (3, TackleResult.DEFENDER_PUSHED_HARD),
        (2, TackleResult.DEFENDER_PUSHED),
        (1, TackleResult.DEFENDER_PUSHED),
        (0, TackleResult.BOTH_PUSHED),
        (-1, TackleResult.BOTH_STAND),
        (-2, TackleResult.ATTACKER_KO_OR_STAND),
        (-4, TackleResult.ATTACKER_KO_OR_STAND),
        (-5, TackleResult.ATTACKER_PUSHED_OR_KO),
        (-11, TackleResult.ATTACKER_PUSHED_OR_KO),
    ],
)
def test_tackle_table_top_to_bottom(difference, row):
    assert tackle_result(difference) is row


def test_worked_example_orc_two_pushes_dwarf_a():
    """8 + 7 (St) + 1 (orc 1 helps; orc 3 is marked by dwarf B) = 16 against 8 + 7 = 15."""
    outcome = tackle(
        attacker_st=7,
        attacker_roll=8,
        attacker_helpers=1,
        defender_st=7,
        defender_roll=8,
        defender_helpers=0,
    )
    assert (outcome.attacker_total, outcome.defender_total, outcome.difference) == (16, 15, 1)
    assert outcome.result is TackleResult.DEFENDER_PUSHED


def test_worked_example_without_orc_three_is_a_tie_both_pushed():
    """Without orc 3, dwarf B helps dwarf A: 16 against 16, both pushed."""
    outcome = tackle(
        attacker_st=7,
        attacker_roll=8,
        attacker_helpers=1,
        defender_st=7,
        defender_roll=8,
        defender_helpers=1,
    )
    assert outcome.difference == 0
    assert outcome.result is TackleResult.BOTH_PUSHED


@pytest.mark.parametrize(("keeper_roll", "points"), [(5, 3), (6, 1), (7, 0)])
def test_shot_scores_three_one_or_nothing(keeper_roll, points):
    # shooter: 8 + St 4 + BP 5 - distance 2 = 15; keeper: roll + Ag 4 + BP 5
    outcome = shot(
        shooter_st=4,
        shooter_bp=5,
        shooter_roll=8,
        keeper_ag=4,
        keeper_bp=5,
        keeper_roll=keeper_roll,
        distance=2,
    )
    assert outcome.shooter_total == 15
    assert outcome.keeper_total == keeper_roll + 9
    assert outcome.points == points


def test_the_orc_example_test_passes():
    """An orc with BP 7 rolls 5: at most his BP, he catches the ball."""
    assert passes_test(7, 5)
    assert passes_test(7, 7)
    assert not passes_test(7, 8)
    assert not passes_test(7, 7, -1)  # an unmarked opponent in contact ("modiol")
    assert passes_test(7, 9, 2)  # the ball far from any opponent: +2


def test_a_fall_hurts_above_constitution_and_rock_pitches_take_one_off():
    assert not falls_hurt(8, 8)
    assert falls_hurt(8, 9)
    assert falls_hurt(8, 8, rock_pitch=True)
    assert not falls_hurt(8, 7, rock_pitch=True)
