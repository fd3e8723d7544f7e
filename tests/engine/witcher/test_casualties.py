"""Casualties after the battle: the test's DC, the bands, dice and quick modes, dead and
wounded, and no quarter.

The battle: 300 militia against 300 (DC 12 both, base 12), phases won A, A, D in one round
each, so 3 exchange rolls in all. Attacker's casualty DC: 12 - 2 won + 1 lost + 3 rolls = 14;
defender's: 12 - 1 + 2 + 3 = 16.
"""

import pytest

from rules_engine import Dice
from rules_engine.witcher import Side, parse_battle, plan_battle
from rules_engine.witcher.casualties import casualty_modifiers
from tests.engine.witcher.builders import auld_alliance_battle, battle, plain, start

PHASES_AAD = [10, 9, 2, 10, 9, 2, 2, 10, 9]
A, D = Side.ATTACKER, Side.DEFENDER


def casualties(options, script, **armies):
    data = battle(armies.get("attacker", plain("A")), armies.get("defender", plain("B")),
                  options=options)  # fmt: skip
    result = start(data, Dice.scripted(PHASES_AAD + script)).run_to_end()
    assert result.casualties is not None
    return result


def test_dice_mode_rolls_the_bands_d6s_and_one_third_are_dead():
    # Attacker: 12 + 5 = 17 against 14, margin 3: 5D6 + 12% = 15 + 12 = 27% of 300 = 81.
    # Defender: 12 + 2 = 14 against 16, margin -2: 6D6 + 14% = 36 + 14 = 50% of 300 = 150.
    result = casualties({"casualties": "dice"}, [5, 1, 2, 3, 4, 5, 2, 6, 6, 6, 6, 6, 6])

    a, d = result.casualties[A], result.casualties[D]
    assert (a.dc, a.roll.margin, a.percent, a.casualties, a.dead, a.wounded) == (14, 3, 27, 81,
                                                                                   27, 54)  # fmt: skip
    assert (d.dc, d.roll.margin, d.percent, d.casualties, d.dead, d.wounded) == (16, -2, 50, 150,
                                                                                   50, 100)  # fmt: skip
    assert a.modifiers == {"enemy_base_dc": 12, "phases_won": -2, "phases_lost": 1,
                           "superiority": 0, "enemy_specialists": 0, "exchange_rolls": 3,
                           "enemy_walls": 0}  # fmt: skip
    purposes = [roll["purpose"] for roll in result.rolls[9:]]
    assert purposes == [
        {"code": "casualty_test", "side": "attacker"},
        *[{"code": "casualties", "side": "attacker"}] * 5,
        {"code": "casualty_test", "side": "defender"},
        *[{"code": "casualties", "side": "defender"}] * 6,
    ]


def test_quick_mode_takes_the_bands_fixed_percentage():
    result = casualties({"casualties": "quick"}, [5, 2])

    assert (result.casualties[A].percent, result.casualties[A].casualties) == (30, 90)
    assert (result.casualties[D].percent, result.casualties[D].casualties) == (35, 105)
    assert (result.casualties[D].dead, result.casualties[D].wounded) == (35, 70)


def test_no_quarter_leaves_1d6_plus_2_percent_of_the_losers_casualties_alive():
    script = [5, 1, 2, 3, 4, 5, 2, 6, 6, 6, 6, 6, 6, 4]  # the last d6: 4 + 2 = 6%
    result = casualties({"casualties": "dice", "no_quarter": True}, script)

    loser = result.casualties[D]
    assert loser.survival_percent == 6
    assert (loser.casualties, loser.wounded, loser.dead) == (150, 9, 141)
    assert loser.to_dict()["no_quarter"] == {"survival_percent": 6, "survivors": 9}
    assert result.casualties[A].survival_percent is None
    assert result.rolls[-1]["purpose"] == {"code": "no_quarter_survivors", "side": "defender"}


def test_no_quarter_in_quick_mode_is_5_percent():
    result = casualties({"casualties": "quick", "no_quarter": True}, [5, 2])

    assert (result.casualties[D].wounded, result.casualties[D].dead) == (5, 100)  # 5.25 -> 5


def test_the_commander_spends_luck_to_meet_the_casualty_dc():
    attacker = plain("A", luck=3)
    result = casualties({"casualties": "quick"}, [1, 1, 2], attacker=attacker)

    roll = result.casualties[A].roll
    # 12 + 1 - 1 = 12 against 14: two Luck points meet the DC (margin 0, 30%).
    assert (roll.luck, roll.margin, result.casualties[A].percent) == (2, 0, 30)


def test_criticals_apply_to_the_casualty_test():
    result = casualties({"casualties": "quick"}, [10, 10, 6, 2])

    assert result.casualties[A].roll.margin == 12 + 26 - 14
    assert result.casualties[A].percent == 15  # above 15 points: the best band


def test_casualty_modifiers_of_the_auld_alliance():
    plan = plan_battle(parse_battle(auld_alliance_battle()))

    # The Hunt against the fortress: base 14 without its works, +3 for the fortifications,
    # the fortress had specialists in all three phases; 200 against 94: no superiority.
    assert casualty_modifiers(plan, A, phases_won=1, exchange_rolls=7) == {
        "enemy_base_dc": 14, "phases_won": -1, "phases_lost": 2, "superiority": 0,
        "enemy_specialists": 3, "exchange_rolls": 7, "enemy_walls": 3,
    }  # fmt: skip
    # The fortress: the Hunt's 18, outnumbered 212% (+2), Hunt specialists in phase 2 only.
    assert casualty_modifiers(plan, D, phases_won=2, exchange_rolls=7) == {
        "enemy_base_dc": 18, "phases_won": -2, "phases_lost": 1, "superiority": 2,
        "enemy_specialists": 1, "exchange_rolls": 7, "enemy_walls": 0,
    }  # fmt: skip


def test_barricades_count_2_in_the_casualty_test():
    defender = plain("B") | {"works": {"barricades": True, "better_terrain": True}}
    plan = plan_battle(parse_battle(battle(plain("A"), defender)))

    assert casualty_modifiers(plan, A, phases_won=0, exchange_rolls=0)["enemy_walls"] == 2


@pytest.mark.parametrize("mode", ["dice", "quick"])
def test_casualties_never_exceed_the_army(mode):
    tiny = plain("A", count=1)
    data = battle(tiny, plain("B", count=1), options={"casualties": mode, "no_quarter": True})
    for seed in range(30):
        result = start(data, Dice(seed)).run_to_end().casualties
        assert result is not None
        for side in (A, D):
            assert 0 <= result[side].dead + result[side].wounded == result[side].casualties <= 1


def test_casualties_are_left_out_when_off():
    result = start(battle(plain("A"), plain("B")), Dice.scripted(PHASES_AAD)).run_to_end()

    assert result.casualties is None
    assert "casualties" not in result.to_dict()
