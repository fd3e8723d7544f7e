"""The dice every rule system draws through: seeded draws are pinned, logs are complete."""

from collections import Counter

import pytest

from rules_engine.dice import FAST_SIDES, Dice, Purpose, Roll
from rules_engine.errors import ScriptExhausted


def test_a_seed_always_gives_the_same_draws():
    """Stored results replay from their seed: the draws of a seed must never change."""
    dice = Dice(42)

    assert [dice.d100("x") for _ in range(10)] == [64, 3, 28, 23, 74, 68, 90, 9, 43, 3]
    assert (dice.coin("c"), dice.d6("y")) == (True, 4)


@pytest.mark.parametrize("sides", [2, 6, 10, 100])
def test_draws_cover_every_face_evenly(sides):
    dice = Dice(7, record=False)
    draws = 2000 * sides
    counts = Counter(dice.roll(sides, "x") for _ in range(draws))

    assert set(counts) == set(range(1, sides + 1))
    expected = draws / sides
    chi_square = sum((count - expected) ** 2 / expected for count in counts.values())
    assert chi_square < sides - 1 + 6 * (2 * (sides - 1)) ** 0.5  # mean + 6 sd of chi2(k-1)


def test_huge_dice_stay_in_range():
    dice = Dice(3)
    assert 1 <= dice.roll(FAST_SIDES, "x") <= FAST_SIDES
    assert 1 <= dice.roll(FAST_SIDES * 1000, "y") <= FAST_SIDES * 1000


def test_every_roll_is_recorded_with_its_purpose():
    dice = Dice(5)
    values = [dice.d100("home attack"), dice.d6("injury"), dice.d5("damage")]

    assert [roll.purpose for roll in dice.rolls] == ["home attack", "injury", "damage"]
    assert all(isinstance(roll, Roll) for roll in dice.rolls)
    assert [roll.to_dict() for roll in dice.rolls] == dice.log()
    assert [roll.die for roll in dice.rolls] == ["d100", "d6", "d10"]
    assert [roll.value for roll in dice.rolls][:2] == values[:2]
    assert values[2] == (dice.rolls[2].value + 1) // 2  # 1D5 = ceil(1D10 / 2)


def test_unrecorded_dice_keep_no_log():
    dice = Dice(5, record=False)
    dice.d100("x")

    assert dice.rolls == [] and dice.log() == []


def test_scripted_dice():
    dice = Dice.scripted([11, 2])

    assert dice.d100("a") == 11 and dice.coin("b") is False
    assert dice.log() == [
        {"die": "d100", "value": 11, "purpose": "a"},
        {"die": "d2", "value": 2, "purpose": "b"},
    ]
    with pytest.raises(ScriptExhausted):
        dice.d100("c")
    with pytest.raises(ScriptExhausted, match="not a d6"):
        Dice.scripted([7]).d6("d")


def test_a_purpose_given_as_a_code_is_logged_as_the_code_and_its_parameters():
    dice = Dice.scripted([7, 10, 4])
    purpose = Purpose.of("exchange_round", phase=2, round=3, side="attacker")
    dice.d10(purpose)
    dice.d10(purpose)
    dice.d10(purpose.extended(extra="critical"))

    coded = {"code": "exchange_round", "phase": 2, "round": 3, "side": "attacker"}
    assert [roll["purpose"] for roll in dice.log()] == [
        coded,
        coded,
        {**coded, "extra": "critical"},
    ]
    assert [roll.to_dict() for roll in dice.rolls] == dice.log()
    assert dice.rolls[0].purpose == purpose
    log = dice.log()
    log[0]["purpose"]["phase"] = 9  # each reading is a fresh copy
    assert dice.log()[0]["purpose"] == coded
