"""Match-day actions with scripted dice: every die is recorded with its purpose."""

import pytest

from rules_engine import Dice, IllegalAction, InvalidInput, ScriptExhausted
from rules_engine.tutatis import TimeWarp, Weather, kick_off, run_action, standing_roll


def test_weather_rolls_one_d6_per_coach():
    dice = Dice.scripted([5, 6])
    assert run_action("weather", {}, dice=dice) == {
        "roll": 11,
        "dice": [5, 6],
        "weather": "heat_wave",
    }
    assert [roll["purpose"] for roll in dice.log()] == [{"code": "weather"}] * 2


def test_a_fall_within_constitution_rolls_no_injury():
    dice = Dice.scripted([4, 4])
    result = run_action("fall", {"co": 8}, dice=dice)
    assert result == {"roll": 8, "dice": [4, 4], "hurt": False, "injury": None}
    assert len(dice.log()) == 2


def test_a_fall_above_constitution_rolls_the_injury_table():
    dice = Dice.scripted([5, 4, 6, 5])
    result = run_action("fall", {"co": 8}, dice=dice)
    assert result["hurt"] is True
    assert (result["injury_roll"], result["injury"]) == (11, "badly_hurt")


def test_a_dwarf_rock_pitch_takes_one_off_constitution():
    result = run_action("fall", {"co": 8, "rock_pitch": True}, dice=Dice.scripted([4, 4, 1, 1]))
    assert result["hurt"] is True and result["injury"] == "stunned"


def test_tackle_rolls_attacker_then_defender():
    dice = Dice.scripted([4, 4, 3, 5])
    params = {"attacker": {"st": 7, "helpers": 1}, "defender": {"st": 7, "helpers": 0}}
    result = run_action("tackle", params, dice=dice)
    assert result["attacker_total"] == 16 and result["defender_total"] == 15
    assert result["result"] == "defender_pushed"
    assert [roll["purpose"]["side"] for roll in dice.log()] == ["attacker"] * 2 + ["defender"] * 2


def test_shot_equal_totals_go_over_the_bar():
    params = {"shooter": {"st": 4, "bp": 5}, "keeper": {"ag": 4, "bp": 5}, "distance": 2}
    result = run_action("shot", params, dice=Dice.scripted([3, 3, 2, 2]))
    assert (result["shooter_total"], result["keeper_total"], result["points"]) == (13, 13, 1)


def test_foul_that_hurts_rolls_injury_then_the_sending_off_die():
    dice = Dice.scripted([6, 6, 1, 1, 4, 4, 6])
    result = run_action("foul", {"st": 5, "co": 7}, dice=dice)
    assert result["fouler_total"] == 17 and result["victim_total"] == 9
    assert result["hurts"] and result["injury"] == "unconscious"
    assert result["sending_off_roll"] == 6 and result["sent_off"] is True


def test_foul_that_misses_rolls_no_injury_and_a_five_stays():
    dice = Dice.scripted([1, 1, 6, 6, 5])
    result = run_action("foul", {"st": 5, "co": 7}, dice=dice)
    assert not result["hurts"] and result["injury"] is None
    assert result["sent_off"] is False
    assert len(dice.log()) == 5


def test_a_test_with_a_modifier():
    result = run_action(
        "test", {"characteristic": "bp", "value": 7, "modifier": -2}, dice=Dice.scripted([3, 3])
    )
    assert result["target"] == 5 and result["success"] is False


def test_bad_parameters_roll_nothing():
    dice = Dice.scripted([])
    with pytest.raises(InvalidInput) as caught:
        run_action(
            "shot",
            {"shooter": {"st": 4, "bp": 99}, "keeper": {"ag": 1, "bp": 1}, "distance": 1},
            dice=dice,
        )
    assert caught.value.field == "params.shooter.bp"
    with pytest.raises(InvalidInput) as caught:
        run_action("juggle", {}, dice=dice)
    assert caught.value.field == "action"
    assert dice.log() == []


def test_badly_hurt_players_return_on_five_or_six():
    result = kick_off(
        weather=Weather.IDEAL,
        on_pitch=["A"],
        unconscious=["U"],
        badly_hurt=["B1", "B2"],
        dice=Dice.scripted([5, 4]),
    )
    assert result.back == ("U", "B1")
    assert result.still_out == ("B2",)
    assert result.sitting_out == ()


def test_heat_wave_injured_return_only_on_a_six():
    result = kick_off(
        weather=Weather.HEAT_WAVE,
        on_pitch=[],
        unconscious=["U"],
        badly_hurt=["B1", "B2"],
        dice=Dice.scripted([5, 5, 6]),
    )
    assert result.back == ("B2",)
    assert result.still_out == ("U", "B1")


def test_scorching_sits_out_on_a_one():
    dice = Dice.scripted([1, 2, 6])
    result = kick_off(
        weather=Weather.SCORCHING,
        on_pitch=["A", "B", "C"],
        unconscious=[],
        badly_hurt=[],
        dice=dice,
    )
    assert result.sitting_out == ("A",)
    assert next(roll["purpose"] for roll in dice.log()) == {"code": "scorching", "player": "A"}
    with pytest.raises(ScriptExhausted):
        kick_off(
            weather=Weather.SCORCHING,
            on_pitch=["A"],
            unconscious=[],
            badly_hurt=[],
            dice=Dice.scripted([]),
        )


def test_time_warp_tokens_run_out_and_the_second_roll_stands():
    warp = TimeWarp(3)
    for _ in range(3):
        warp = warp.spend()
    assert warp.left == 0
    with pytest.raises(IllegalAction):
        warp.spend()
    assert standing_roll({"roll": 12}, {"roll": 2}) == {"roll": 2}
    with pytest.raises(InvalidInput):
        TimeWarp(5)


def test_same_seed_replays_the_same_rolls():
    first = Dice(seed=7)
    second = Dice(seed=7)
    params = {"attacker": {"st": 7, "helpers": 1}, "defender": {"st": 6, "helpers": 0}}
    assert run_action("tackle", params, dice=first) == run_action("tackle", params, dice=second)
    assert first.log() == second.log()
