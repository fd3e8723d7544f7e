"""Levels at the thresholds, the skill roll, and the big guys' double with its caps."""

from __future__ import annotations

import pytest

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.mythril import (
    BigGuyChoice,
    ExperienceTable,
    LevelRefused,
    Profile,
    SkillRoll,
    apply_big_guy_double,
    level_for,
    raise_characteristic,
    skill_roll,
)
from tests.engine.mythril.builders import player

TROLL = Profile(4, 5, 1, 9)


@pytest.mark.parametrize(
    ("spp", "level"), [(0, 0), (10, 0), (11, 1), (20, 1), (21, 2), (50, 2), (51, 3), (101, 4)]
)
def test_big_guy_thresholds_11_21_51_101(spp, level):
    assert level_for(spp, True, ExperienceTable()) == level


@pytest.mark.parametrize(
    ("spp", "level"), [(5, 0), (6, 1), (15, 1), (16, 2), (31, 3), (51, 4), (76, 5), (176, 6)]
)
def test_standard_table(spp, level):
    assert level_for(spp, False, ExperienceTable()) == level


def test_nothing_past_the_last_threshold_unless_the_league_adds_one():
    assert level_for(10_000, True) == 4
    longer = ExperienceTable.from_dict({"big_guy": [11, 21, 51, 101, 201]})
    assert level_for(201, True, longer) == 5


def test_thresholds_must_increase():
    with pytest.raises(InvalidInput) as caught:
        ExperienceTable.from_dict({"standard": [6, 6]})
    assert caught.value.field == "experience.standard.1"


def test_a_normal_roll_gives_the_normal_categories():
    roll = skill_roll(Dice.scripted([2, 5]), player("p"))
    assert roll == SkillRoll((2, 5), False, ("general",))


def test_a_double_opens_the_double_categories():
    roll = skill_roll(Dice.scripted([3, 3]), player("p"))
    assert roll.double and roll.categories == ("general", "agility", "passing")
    assert roll.big_guy_choices == ()


def test_a_big_guys_double_gives_the_three_choices_not_the_double_categories():
    roll = skill_roll(Dice.scripted([4, 4]), player("t", big_guy=True))
    assert roll.categories == ("general", "strength")
    assert roll.big_guy_choices == (
        BigGuyChoice.STRENGTH,
        BigGuyChoice.ARMOUR,
        BigGuyChoice.DROP_SKILL,
    )


@pytest.mark.parametrize(
    ("dice", "gains"), [((4, 6), ("ma", "av")), ((5, 6), ("ag",)), ((6, 6), ("st",)), ((3, 6), ())]
)
def test_characteristic_gains_on_10_11_12(dice, gains):
    assert skill_roll(Dice.scripted(dice), player("p")).characteristics == gains


def test_the_skill_roll_is_recorded_for_the_player():
    dice = Dice.scripted([1, 2])
    skill_roll(dice, player("p7"))
    assert [r["purpose"] for r in dice.log()] == [{"code": "skill_roll", "player": "p7"}] * 2


DOUBLE = SkillRoll((2, 2), True, ("general", "strength"), (), tuple(BigGuyChoice))


def test_a_big_guy_takes_plus_one_strength_or_armour():
    troll = player("t", big_guy=True, profile=TROLL)
    assert apply_big_guy_double(troll, DOUBLE, BigGuyChoice.STRENGTH).profile == Profile(4, 6, 1, 9)
    assert apply_big_guy_double(troll, DOUBLE, BigGuyChoice.ARMOUR).profile == Profile(4, 5, 1, 10)


def test_never_more_than_plus_two_over_the_start():
    troll = player("t", big_guy=True, profile=TROLL)
    twice = apply_big_guy_double(
        apply_big_guy_double(troll, DOUBLE, BigGuyChoice.STRENGTH), DOUBLE, BigGuyChoice.STRENGTH
    )
    assert twice.profile is not None and twice.profile.st == 7
    with pytest.raises(LevelRefused) as caught:
        apply_big_guy_double(twice, DOUBLE, BigGuyChoice.STRENGTH)
    assert caught.value.code == "gain_cap" and "at most 2" in caught.value.message


def test_never_above_ten():
    troll = player("t", big_guy=True, profile=TROLL)
    ten = apply_big_guy_double(troll, DOUBLE, BigGuyChoice.ARMOUR)
    with pytest.raises(LevelRefused) as caught:
        apply_big_guy_double(ten, DOUBLE, BigGuyChoice.ARMOUR)
    assert caught.value.code == "value_cap" and "at most 10" in caught.value.message


def test_a_big_guy_drops_a_skill_he_has():
    troll = player("t", big_guy=True, profile=TROLL).with_changes(skills=("Really Stupid", "Loner"))
    dropped = apply_big_guy_double(troll, DOUBLE, BigGuyChoice.DROP_SKILL, skill="Really Stupid")
    assert dropped.skills == ("Loner",)
    with pytest.raises(LevelRefused) as caught:
        apply_big_guy_double(troll, DOUBLE, BigGuyChoice.DROP_SKILL, skill="Dodge")
    assert caught.value.code == "skill_not_held"


def test_only_big_guys_and_only_on_a_double():
    with pytest.raises(LevelRefused) as caught:
        apply_big_guy_double(player("p", profile=TROLL), DOUBLE, BigGuyChoice.STRENGTH)
    assert caught.value.code == "not_a_big_guy"
    plain = SkillRoll((2, 3), False, ("general",))
    with pytest.raises(LevelRefused) as caught:
        apply_big_guy_double(player("t", big_guy=True, profile=TROLL), plain, BigGuyChoice.ARMOUR)
    assert caught.value.code == "not_a_double"


def test_the_caps_hold_for_any_characteristic_gain():
    fast = player("p", profile=Profile(9, 3, 3, 8))
    ten = raise_characteristic(fast, "ma")
    with pytest.raises(LevelRefused) as caught:
        raise_characteristic(ten, "ma")
    assert caught.value.code == "value_cap"


def test_a_gain_needs_a_profile():
    with pytest.raises(InvalidInput) as caught:
        raise_characteristic(player("p"), "st")
    assert caught.value.field == "player.profile"
