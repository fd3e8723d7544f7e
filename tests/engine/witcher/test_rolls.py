"""One skill test: 1D10 + base, Witcher criticals, points scored, and the Luck policy."""

import pytest

from rules_engine import Dice, Purpose
from rules_engine.witcher import roll_skill

TEST = Purpose.of("test", side="attacker")


def roll(values, *, base=12, dc=12, luck_left=0, wanted=None):
    dice = Dice.scripted(values)
    result = roll_skill(dice, base=base, dc=dc, purpose=TEST, luck_left=luck_left,
                        wanted=wanted)  # fmt: skip
    return result, dice


@pytest.mark.parametrize(("natural", "points"), [(2, 2), (5, 5), (9, 9)])
def test_points_are_what_the_total_beats_the_dc_by(natural, points):
    result, _ = roll([natural])

    assert (result.total, result.points) == (12 + natural, points)


def test_a_natural_10_adds_another_d10_again_while_10s_come():
    result, dice = roll([10, 10, 3])

    assert result.extra == (10, 3)
    assert result.total == 12 + 23
    test = {"code": "test", "side": "attacker"}
    assert [r["purpose"] for r in dice.log()] == [
        test, {**test, "extra": "critical"}, {**test, "extra": "critical"}]  # fmt: skip


def test_a_natural_1_subtracts_another_d10_once():
    result, dice = roll([1, 10])

    assert result.fumble == 10
    assert result.total == 12 + 1 - 10
    assert result.points == 0  # nothing is taken away from the phase total
    test = {"code": "test", "side": "attacker"}
    assert [r["purpose"] for r in dice.log()] == [test, {**test, "extra": "fumble"}]


@pytest.mark.parametrize("fumble", range(1, 11))
def test_the_brigand_captain_only_misses_on_a_1(fumble):
    """Base 12 against DC 12: "seule une valeur de 1 sur le d10 pourrait l'amener en
    dessous du SD"."""
    assert roll([1, fumble])[0].points == 0
    for natural in range(2, 10):
        assert roll([natural])[0].points > 0
    assert roll([10, 1])[0].points > 0


def test_the_village_chief_with_tactics_8_needs_a_5_to_score():
    assert [roll([n], base=8)[0].points for n in range(2, 10)] == [0, 0, 0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize(
    ("values", "luck_left", "luck", "points"),
    [
        ([2], 3, 1, 1),  # base 10: 12 against DC 12, one Luck point scores one point
        ([2], 0, 0, 0),
        ([1, 1], 3, 3, 1),  # 10 + 1 - 1 = 10: all three points make it score one
        ([1, 4], 3, 0, 0),  # 10 + 1 - 4 = 7: six needed, three left: nothing spent
        ([5], 3, 0, 3),  # already scoring: nothing spent
    ],
)
def test_automatic_luck_spends_only_what_makes_the_roll_score(values, luck_left, luck, points):
    result, _ = roll(values, base=10, dc=12, luck_left=luck_left, wanted=13)

    assert (result.luck, result.points) == (luck, points)


def test_no_wanted_total_spends_no_luck():
    assert roll([2], base=10, luck_left=5)[0].luck == 0


def test_the_roll_as_json():
    result, _ = roll([10, 4], base=15, dc=18)

    assert result.to_dict() == {"natural": 10, "extra": [4], "fumble": None, "base": 15,
                                "luck": 0, "total": 29, "dc": 18, "points": 11}  # fmt: skip
