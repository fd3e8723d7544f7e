"""The turn, step by step, with scripted dice (RULES_NOTES 1, "Each turn").

The standard teams have Attack 50, Defense 40, Coach 40 and play ``balanced`` (offensive when
not leading). The coin comes up heads (1): home has the initiative on turn 1, attacks with
50 + 10 = 60 against away's plain defence 40.
"""

from typing import Any

import pytest

from rules_engine.rotzball import MatchOptions, parse_sheet, play_match
from rules_engine.rotzball.options import CoachRule
from tests.engine.rotzball.builders import FAIL_COACH, PASS_COACH, QUIET, PrefixDice, sheet

HEADS, TAILS = 1, 2
NO_COACH = [FAIL_COACH, FAIL_COACH]
# Turn 1 rolls: home attack against 60, away defence against 40.
A_CS, A_S, A_F, A_CF = 22, 30, 70, 77
D_CS, D_S, D_F, D_CF = 33, 20, 50, 66
# Away's counter-attack: its plain attack 50 against home's defence 40 - 10 = 30.
C_CS, C_S, C_F, C_CF = 44, 25, 60, 88
CD_CS, CD_S, CD_F, CD_CF = 22, 10, 35, 55


def play(
    prefix: list[int],
    *,
    home: dict[str, Any] | None = None,
    away: dict[str, Any] | None = None,
    coach_rule: str = "test",
    seed: int = 0,
) -> dict[str, Any]:
    """A whole match whose first draws are ``prefix``; later draws are seeded."""
    return play_match(
        parse_sheet(home or sheet("Home"), "home"),
        parse_sheet(away or sheet("Away"), "away"),
        dice=PrefixDice(prefix, seed),
        options=MatchOptions(CoachRule(coach_rule)),
    ).to_dict()


def purposes(result: dict[str, Any], count: int) -> list[str]:
    return [roll["purpose"] for roll in result["rolls"][:count]]


def test_a_turn_rolls_coach_tests_then_attack_then_defence():
    result = play([HEADS, *NO_COACH, A_F, D_F])

    assert purposes(result, 5) == [
        "coin toss",
        "home coach test",
        "away coach test",
        "home attack",
        "away defence",
    ]
    turn = result["turns"][0]
    assert turn["turn"] == 1 and turn["period"] == "first_half"
    assert (turn["initiative"], turn["tactic"], turn["attacking"]) == ("home", "offensive", "home")
    assert turn["targets"] == {"attack": 60, "defence": 40}
    assert turn["modifiers"] == {
        "home": {"tactic": 10, "coach": 0, "carry_over": 0},
        "away": {"tactic": 0, "coach": 0, "carry_over": 0},
    }
    assert turn["coach_tests"] == {
        "home": {"target": 40, "roll": FAIL_COACH, "success": False},
        "away": {"target": 40, "roll": FAIL_COACH, "success": False},
    }
    assert turn["attack"] == {"team": "home", "target": 60, "roll": A_F, "result": "F"}
    assert turn["defence"] == {"team": "away", "target": 40, "roll": D_F, "result": "F"}


# (attack roll, defence roll, goal, ball after, carry-over into turn 2, counter-attack?)
MAIN_TABLE = [
    pytest.param(A_CS, D_CS, None, "home", (0, 0), False, id="CS-CS nothing at all happens"),
    pytest.param(A_CS, D_S, "home", "away", (20, 0), False, id="CS-S goal, attacker +20"),
    pytest.param(A_CS, D_F, "home", "away", (20, 0), False, id="CS-F goal, attacker +20"),
    pytest.param(A_CS, D_CF, "home", "away", (20, -20), False, id="CS-CF goal, +20 and -20"),
    pytest.param(A_S, D_CS, None, "away", (0, 0), True, id="S-CS counter-attack"),
    pytest.param(A_S, D_S, None, "home", (0, 0), False, id="S-S ball stays"),
    pytest.param(A_S, D_F, "home", "away", (0, 0), False, id="S-F goal"),
    pytest.param(A_S, D_CF, "home", "away", (0, -20), False, id="S-CF goal, defence -20"),
    pytest.param(A_F, D_CS, None, "away", (0, 0), True, id="F-CS counter-attack"),
    pytest.param(A_F, D_S, None, "away", (0, 0), False, id="F-S defence takes the ball"),
    pytest.param(A_F, D_F, None, "home", (0, 0), False, id="F-F ball stays"),
    pytest.param(A_F, D_CF, None, "home", (0, -20), False, id="F-CF ball stays, defence -20"),
    pytest.param(A_CF, D_CS, None, "away", (-20, 0), True, id="CF-CS counter, attacker -20"),
    pytest.param(A_CF, D_S, None, "away", (-20, 0), False, id="CF-S ball lost, attacker -20"),
    pytest.param(A_CF, D_F, None, "away", (-20, 0), False, id="CF-F ball lost, attacker -20"),
    pytest.param(A_CF, D_CF, None, "away", (-20, -20), False, id="CF-CF ball lost, both -20"),
]


@pytest.mark.parametrize(("a_roll", "d_roll", "goal", "ball", "carry", "counter"), MAIN_TABLE)
def test_turn_table(a_roll, d_roll, goal, ball, carry, counter):
    # A counter-attack, when there is one, is scripted F v F: no goal, ball stays with away.
    result = play([HEADS, *NO_COACH, a_roll, d_roll, C_F, CD_F])

    turn = result["turns"][0]
    assert turn["goal"] == goal
    assert turn["score"] == {"home": int(goal == "home"), "away": 0}
    assert turn["ball_after"] == ball
    assert turn["carry_over_next"] == {"home": carry[0], "away": carry[1]}
    assert (turn["counter_attack"] is not None) is counter
    # The carry-over is what the next turn plays with; the ball holder has the initiative.
    assert result["turns"][1]["initiative"] == ball
    next_modifiers = result["turns"][1]["modifiers"]
    assert (next_modifiers["home"]["carry_over"], next_modifiers["away"]["carry_over"]) == carry


# (counter roll, counter-defence roll, goal, ball after, carry-over (home, away))
COUNTER_TABLE = [
    pytest.param(C_CS, CD_CS, None, "away", (0, 0), id="CS-CS nothing: away keeps the ball"),
    pytest.param(C_CS, CD_S, "away", "home", (0, 20), id="CS-S goal, counter-attacker +20"),
    pytest.param(C_CS, CD_CF, "away", "home", (-20, 20), id="CS-CF goal, +20 and -20"),
    pytest.param(C_S, CD_CS, None, "home", (0, 0), id="S-CS home only wins the ball back"),
    pytest.param(C_S, CD_S, None, "away", (0, 0), id="S-S ball stays with away"),
    pytest.param(C_S, CD_F, "away", "home", (0, 0), id="S-F goal"),
    pytest.param(C_F, CD_S, None, "home", (0, 0), id="F-S home takes the ball"),
    pytest.param(C_F, CD_CF, None, "away", (-20, 0), id="F-CF home -20"),
    pytest.param(C_CF, CD_CS, None, "home", (0, -20), id="CF-CS ball to home, away -20"),
    pytest.param(C_CF, CD_F, None, "home", (0, -20), id="CF-F ball to home, away -20"),
]


@pytest.mark.parametrize(("c_roll", "cd_roll", "goal", "ball", "carry"), COUNTER_TABLE)
def test_counter_attack_table(c_roll, cd_roll, goal, ball, carry):
    result = play([HEADS, *NO_COACH, A_S, D_CS, c_roll, cd_roll])

    turn = result["turns"][0]
    counter = turn["counter_attack"]
    assert counter["attack"]["team"] == "away" and counter["defence"]["team"] == "home"
    assert counter["goal"] is (goal == "away")
    assert turn["goal"] == goal
    assert turn["score"] == {"home": 0, "away": int(goal == "away")}
    assert turn["ball_after"] == ball
    assert turn["carry_over_next"] == {"home": carry[0], "away": carry[1]}
    # Exactly one counter-attack: the next draws belong to turn 2.
    assert purposes(result, 8)[5:] == [
        "away counter-attack",
        "home defence against counter-attack",
        "home coach test",
    ]


def test_counter_attack_keeps_this_turns_modifiers():
    # Both coaches pass (+5 each). Home (initiative, offensive) defends the counter-attack
    # with 40 - 10 + 5; away counter-attacks with its plain 50 + 5.
    result = play([HEADS, PASS_COACH, PASS_COACH, A_S, D_CS, C_F, CD_F])

    turn = result["turns"][0]
    assert turn["targets"] == {"attack": 65, "defence": 45}
    assert turn["counter_attack"]["attack"]["target"] == 55
    assert turn["counter_attack"]["defence"]["target"] == 35


def test_counter_attack_against_a_defensive_initiative_team():
    # Home plays defensive: away attacks with its plain 50, home defends with 40 + 10. When
    # home counter-attacks it rolls its attack with the -10 of its defensive tactic.
    home = sheet("Home", tactic="defensive")
    result = play([HEADS, *NO_COACH, 70, 33, 30, 50], home=home)

    turn = result["turns"][0]
    assert (turn["initiative"], turn["tactic"], turn["attacking"]) == ("home", "defensive", "away")
    assert turn["targets"] == {"attack": 50, "defence": 50}
    assert turn["modifiers"]["home"]["tactic"] == 10 and turn["modifiers"]["away"]["tactic"] == 0
    counter = turn["counter_attack"]
    assert counter["attack"] == {"team": "home", "target": 40, "roll": 30, "result": "S"}
    assert counter["defence"] == {"team": "away", "target": 40, "roll": 50, "result": "F"}
    assert turn["goal"] == "home" and turn["ball_after"] == "away"


def test_defensive_ball_stays_with_the_initiative_team_not_the_attacker():
    home = sheet("Home", tactic="defensive")
    result = play([HEADS, *NO_COACH, 30, 20], home=home)  # away attacks: A=S v D=S

    turn = result["turns"][0]
    assert turn["attacking"] == "away" and turn["ball_after"] == "home"
    assert result["turns"][1]["initiative"] == "home"


def test_after_a_goal_the_conceding_team_has_the_ball():
    result = play([HEADS, *NO_COACH, A_S, D_F, *NO_COACH, 10, 97])  # away scores back

    first, second = result["turns"][:2]
    assert first["goal"] == "home" and first["ball_after"] == "away"
    assert second["initiative"] == "away" and second["attacking"] == "away"
    assert second["goal"] == "away" and second["ball_after"] == "home"
    assert second["score"] == {"home": 1, "away": 1}


def test_balanced_team_plays_defensive_only_while_leading():
    script = [
        HEADS,
        *NO_COACH, A_S, D_F,  # turn 1: home scores, 1-0, ball to away
        *NO_COACH, 70, D_S,  # turn 2: away (behind: offensive) loses the ball to home
        *NO_COACH, 97, 96,  # turn 3: home leads, so defensive: away attacks
    ]  # fmt: skip
    turns = play(script)["turns"]

    assert [(t["initiative"], t["tactic"], t["attacking"]) for t in turns[:3]] == [
        ("home", "offensive", "home"),
        ("away", "offensive", "away"),
        ("home", "defensive", "away"),
    ]
    assert turns[2]["targets"] == {"attack": 50, "defence": 50}


@pytest.mark.parametrize(
    ("tactic", "attacking", "targets"),
    [
        ("offensive", "home", {"attack": 60, "defence": 40}),
        ("defensive", "away", {"attack": 50, "defence": 50}),
        ("balanced", "home", {"attack": 60, "defence": 40}),
    ],
)
def test_the_initiative_teams_tactic(tactic, attacking, targets):
    turn = play([HEADS, *QUIET], home=sheet("Home", tactic=tactic))["turns"][0]

    assert turn["attacking"] == attacking and turn["targets"] == targets


def test_a_missing_tactic_is_balanced():
    turn = play([TAILS, *QUIET], away=sheet("Away", tactic=None))["turns"][0]

    assert (turn["initiative"], turn["tactic"]) == ("away", "offensive")


def test_a_passed_coach_test_gives_plus_5_to_all_that_teams_rolls():
    result = play([HEADS, PASS_COACH, FAIL_COACH, 97, 96])

    turn = result["turns"][0]
    assert turn["coach_tests"]["home"]["success"] and not turn["coach_tests"]["away"]["success"]
    assert turn["modifiers"]["home"]["coach"] == 5 and turn["modifiers"]["away"]["coach"] == 0
    assert turn["targets"] == {"attack": 65, "defence": 40}


def test_carry_over_applies_to_the_next_coach_test_and_lasts_one_turn():
    script = [
        HEADS,
        *NO_COACH, A_CS, D_F,  # turn 1: home scores on a critical: +20 next turn
        55, FAIL_COACH, 10, 97,  # turn 2: home coach 55 <= 40 + 20 passes; away (ball) scores back
        55, FAIL_COACH, 97, 96,  # turn 3: the +20 is gone, 55 fails
    ]  # fmt: skip
    turns = play(script)["turns"]

    assert turns[1]["coach_tests"]["home"] == {"target": 60, "roll": 55, "success": True}
    assert turns[1]["modifiers"]["home"] == {"tactic": 0, "coach": 5, "carry_over": 20}
    assert turns[1]["targets"] == {"attack": 60, "defence": 40 + 5 + 20}
    assert turns[2]["coach_tests"]["home"] == {"target": 40, "roll": 55, "success": False}
    assert turns[2]["modifiers"]["home"]["carry_over"] == 0


def test_a_minus_20_makes_the_coach_test_harder():
    script = [HEADS, *NO_COACH, A_CF, D_F, 30, 30, 97, 96]  # turn 2: 30 > 40 - 20 fails
    turns = play(script)["turns"]

    assert turns[1]["coach_tests"]["home"] == {"target": 20, "roll": 30, "success": False}
    assert turns[1]["coach_tests"]["away"] == {"target": 40, "roll": 30, "success": True}
    assert turns[1]["initiative"] == "away"
    assert turns[1]["targets"] == {"attack": 60 + 5, "defence": 40 - 20}


def test_carry_over_modifiers_stack():
    # Home fumbles its attack (-20), away counter-attacks and home's defence fumbles too (-20).
    result = play([HEADS, *NO_COACH, A_CF, D_CS, C_F, CD_CF])

    turn = result["turns"][0]
    assert turn["carry_over_next"] == {"home": -40, "away": 0}
    assert result["turns"][1]["modifiers"]["home"]["carry_over"] == -40
    assert result["turns"][1]["coach_tests"]["home"]["target"] == 0


def test_carry_over_crosses_half_time():
    script = [HEADS, *(QUIET * 4), *NO_COACH, A_CS, D_F]  # turn 5: home scores on a critical
    turns = play(script)["turns"]

    assert turns[4]["carry_over_next"] == {"home": 20, "away": 0}
    assert turns[5]["period"] == "second_half"
    assert turns[5]["modifiers"]["home"]["carry_over"] == 20


def test_difference_rule_has_no_coach_tests_and_a_bonus_for_the_whole_match():
    home = sheet("Home", coach=51)
    away = sheet("Away", coach=47)  # the rule text's example: 51 - 47 -> +4
    result = play([HEADS, 97, 96], home=home, away=away, coach_rule="difference")

    assert not any("coach" in roll["purpose"] for roll in result["rolls"])
    assert purposes(result, 3) == ["coin toss", "home attack", "away defence"]
    for turn in result["turns"]:
        assert turn["coach_tests"] is None
        assert turn["modifiers"]["home"]["coach"] == 4
        assert turn["modifiers"]["away"]["coach"] == 0
    assert result["turns"][0]["targets"] == {"attack": 64, "defence": 40}


def test_difference_rule_with_equal_coaches_gives_nothing():
    result = play([HEADS, 97, 96], coach_rule="difference")

    assert all(
        t["modifiers"]["home"]["coach"] == t["modifiers"]["away"]["coach"] == 0
        for t in result["turns"]
    )


def test_possession_counts_the_turns_each_team_started_with_the_initiative():
    result = play([HEADS, *NO_COACH, A_F, D_S, *QUIET, *QUIET])  # home loses the ball on turn 1

    turns = result["turns"]
    assert [t["initiative"] for t in turns[:3]] == ["home", "away", "away"]
    assert result["possessions"] == {
        team: sum(t["initiative"] == team for t in turns) for team in ("home", "away")
    }
    assert sum(result["possessions"].values()) == len(turns)
