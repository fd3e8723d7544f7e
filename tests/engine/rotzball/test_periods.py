"""Halves, extra periods and how a tied match is decided (RULES_NOTES 1, "End of the match").

Every draw is scripted to the end of the match. Teams: Attack 50, Defense 40, Coach 40,
balanced. In each scripted turn both coach tests fail, then the initiative team attacks.
"""

from typing import Any

import pytest

from rules_engine.dice import Dice
from rules_engine.rotzball import parse_sheet, play_match
from tests.engine.rotzball.builders import FAIL_COACH, QUIET, sheet

HEADS, TAILS = 1, 2
TURNOVER = [FAIL_COACH, FAIL_COACH, 97, 20]  # A=F v D=S: the defending team takes the ball
GOAL = [FAIL_COACH, FAIL_COACH, 30, 70]  # A=S v D=F (even against a defence of 50): goal
FUMBLE = [FAIL_COACH, FAIL_COACH, 77, 96]  # A=CF: ball lost, attacker -20 next turn


def play(script: list[int]) -> dict[str, Any]:
    home, away = parse_sheet(sheet("Home"), "home"), parse_sheet(sheet("Away"), "away")
    return play_match(home, away, dice=Dice.scripted(script)).to_dict()


def initiatives(result: dict[str, Any]) -> list[str]:
    return [turn["initiative"] for turn in result["turns"]]


@pytest.mark.parametrize(
    ("script", "turn_6"),
    [
        # home wins the toss and keeps the ball to half-time: turn 6 is away's all the same
        pytest.param([HEADS, *QUIET * 5], "away", id="heads, home holds the ball"),
        # away wins the toss and keeps the ball: turn 6 is home's
        pytest.param([TAILS, *QUIET * 5], "home", id="tails, away holds the ball"),
        # home loses the ball on turn 1 and wins it back on turn 3: still away's turn 6
        pytest.param(
            [HEADS, *TURNOVER, *QUIET, *TURNOVER, *QUIET, *QUIET],
            "away",
            id="heads, ball changes hands",
        ),
    ],
)
def test_turn_6_goes_to_the_team_without_the_initiative_on_turn_1(script, turn_6):
    result = play([*script, *QUIET * 4, *GOAL])  # the turn-10 goal ends the match

    turns = result["turns"]
    assert [t["period"] for t in turns] == ["first_half"] * 5 + ["second_half"] * 5
    assert turns[0]["initiative"] != turn_6 == turns[5]["initiative"]
    assert (result["decided_by"], result["winner"]) == ("regulation", turn_6)


def test_a_regulation_win():
    result = play([HEADS, *GOAL, *QUIET * 9])  # home scores on turn 1, away holds after

    assert (result["home_score"], result["away_score"]) == (1, 0)
    assert (result["winner"], result["decided_by"]) == ("home", "regulation")
    assert len(result["turns"]) == 10
    assert result["possessions"] == {"home": 1, "away": 9}


def test_tied_after_10_turns_plays_2_x_2_turns_with_a_coin_toss_and_a_switch():
    script = [
        HEADS, *QUIET * 10,  # 0-0, possessions 5-5
        TAILS, *QUIET * 4,  # extra period 1: away, away | home, home: 0-0, 7-7
        HEADS, *GOAL, *QUIET * 3,  # extra period 2: home scores, then away, away | away
    ]  # fmt: skip
    result = play(script)

    turns = result["turns"]
    assert [t["period"] for t in turns[10:]] == [
        "extra_1_first", "extra_1_first", "extra_1_second", "extra_1_second",
        "extra_2_first", "extra_2_first", "extra_2_second", "extra_2_second",
    ]  # fmt: skip
    assert initiatives(result)[10:] == ["away"] * 2 + ["home"] * 3 + ["away"] * 3
    # The second half of extra period 1 goes to home although away holds the ball.
    assert turns[11]["ball_after"] == "away" and turns[12]["initiative"] == "home"
    coin_tosses = [r["purpose"] for r in result["rolls"] if r["die"] == "d2"]
    assert coin_tosses == ["coin toss", "extra period 1 coin toss", "extra period 2 coin toss"]
    assert [t["turn"] for t in turns] == list(range(1, 19))
    assert (result["home_score"], result["away_score"]) == (1, 0)
    assert (result["winner"], result["decided_by"]) == ("home", "extra_time")


def test_still_tied_after_the_extra_period_the_larger_possession_count_wins():
    script = [
        HEADS, *QUIET * 10,  # 0-0, possessions 5-5
        HEADS, *TURNOVER, *QUIET * 3,  # home, away | away, away: 0-0, possessions 6-8
    ]  # fmt: skip
    result = play(script)

    assert len(result["turns"]) == 14
    assert result["possessions"] == {"home": 6, "away": 8}
    assert (result["home_score"], result["away_score"]) == (0, 0)
    assert (result["winner"], result["decided_by"]) == ("away", "possession")


def test_equal_possession_plays_another_extra_period_and_judges_again():
    script = [
        HEADS, *QUIET * 10,  # 0-0, 5-5
        HEADS, *QUIET * 4,  # home, home | away, away: 0-0, 7-7: another period
        TAILS, *TURNOVER, *QUIET * 3,  # away, home | home, home: 0-0, 10-8
    ]  # fmt: skip
    result = play(script)

    assert len(result["turns"]) == 18
    assert result["possessions"] == {"home": 10, "away": 8}
    assert (result["winner"], result["decided_by"]) == ("home", "possession")


def test_carry_over_crosses_into_the_extra_period():
    script = [
        HEADS, *QUIET * 9, *FUMBLE,  # turn 10: away fumbles its attack, still 0-0
        TAILS, *QUIET * 4,  # extra period 1, away opens with -20
        HEADS, *GOAL, *QUIET * 3,
    ]  # fmt: skip
    result = play(script)

    turn_10, turn_11 = result["turns"][9:11]
    assert turn_10["carry_over_next"] == {"home": 0, "away": -20}
    assert turn_11["period"] == "extra_1_first"
    assert turn_11["modifiers"]["away"]["carry_over"] == -20
    assert turn_11["coach_tests"]["away"]["target"] == 20
    assert turn_11["targets"]["attack"] == 40  # 50 + 10 (offensive) - 20
    assert result["turns"][11]["modifiers"]["away"]["carry_over"] == 0
