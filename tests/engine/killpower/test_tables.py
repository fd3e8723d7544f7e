"""Every row of the Killpower tables, read through the functions that use them."""

import pytest

from rules_engine.dice import Dice
from rules_engine.killpower import tables
from rules_engine.killpower.damage import DamageStatus, Fate, Region, death_risk, status_of
from rules_engine.killpower.free_throws import ball_malus
from rules_engine.killpower.gladiator import (
    HUMAN,
    Characteristic,
    Equipment,
    EquipmentKind,
    Gladiator,
    Specialization,
)
from rules_engine.killpower.power import division, targets

# TABLE 3 as printed: difference band -> (stronger, weaker); past 55 the weaker column is
# illegible and kept at +1 (RULES_NOTES 3).
TABLE_3 = [
    ((0, 4), 1),
    ((5, 9), 2),
    ((10, 14), 3),
    ((15, 19), 4),
    ((20, 24), 5),
    ((25, 29), 6),
    ((30, 34), 7),
    ((35, 39), 8),
    ((40, 44), 9),
    ((45, 49), 10),
    ((50, 54), 11),
    ((55, 59), 12),
    ((60, 64), 13),
    ((65, 69), 14),
    ((70, 74), 15),
    ((75, 79), 16),
    ((80, 84), 17),
    ((85, 89), 18),
    ((90, 94), 19),
    ((95, 99), 20),
]


@pytest.mark.parametrize(("band", "stronger"), TABLE_3)
def test_table_3_every_row_at_both_ends(band, stronger):
    for difference in band:
        assert targets(10 + difference, 10).to_dict() == {"home": stronger, "away": 1}
        assert targets(10, 10 + difference).to_dict() == {"home": 1, "away": stronger}


@pytest.mark.parametrize("difference", [100, 101, 150, 1000])
def test_table_3_100_or_more(difference):
    assert targets(difference, 0).to_dict() == {"home": 25, "away": 1}


def test_table_3_is_data_with_an_open_last_row():
    assert len(tables.TARGET_TABLE) == 21
    assert tables.TARGET_TABLE[-1] == (100, None, 25, 1)
    assert all(row[3] == 1 for row in tables.TARGET_TABLE)


@pytest.mark.parametrize(
    ("power", "expected"),
    [(0, 0), (4, 0), (5, 1), (12, 1), (14, 1), (15, 2), (19, 2), (24, 2), (25, 3), (46, 5)],
)
def test_division_is_power_over_ten_rounded_half_up(power, expected):
    assert division(power) == expected


@pytest.mark.parametrize(
    ("distances", "malus"),
    [
        ((0, 1, 2, 3), 0),
        ((4, 5, 6), -1),
        ((7, 8, 9), -2),
        ((10, 11, 12), -3),
        ((13, 14, 15), -4),
        ((16, 17, 18), -5),
        ((19, 20, 21), -6),
        ((22, 23, 24), -7),
        ((25, 26, 40), -8),
    ],
)
def test_ball_malus_every_row(distances, malus):
    assert [ball_malus(d) for d in distances] == [malus] * len(distances)


@pytest.mark.parametrize(
    ("state", "status"),
    [
        (10, DamageStatus.UNHARMED),
        (0, DamageStatus.UNHARMED),
        (-1, DamageStatus.BADLY_WOUNDED),
        (-10, DamageStatus.BADLY_WOUNDED),
        (-11, DamageStatus.COMA),
        (-40, DamageStatus.COMA),
    ],
)
def test_damage_bands(state, status):
    assert status_of(state) is status


@pytest.mark.parametrize(
    ("roll", "location", "region"),
    [
        (1, "left_arm", Region.LIMB),
        (2, "right_arm", Region.LIMB),
        (3, "head", Region.HEAD),
        (4, "head", Region.HEAD),
        (5, "head", Region.HEAD),
        (6, "head", Region.HEAD),
        (7, "head", Region.HEAD),
        (8, "head", Region.HEAD),
        (9, "left_leg", Region.LIMB),
        (10, "right_leg", Region.LIMB),
    ],
)
def test_table_8_every_location(roll, location, region):
    risk = death_risk("Tom", -11, dice=Dice.scripted([roll]))
    assert (risk.roll, risk.location, risk.region) == (roll, location, region)


@pytest.mark.parametrize(
    ("region", "state", "fate"),
    [
        ("left_arm", -11, Fate.COMA),
        ("left_arm", -15, Fate.COMA),
        ("left_arm", -16, Fate.DEAD),
        ("right_leg", -30, Fate.DEAD),
        ("head", -11, Fate.DEAD),
        ("head", -16, Fate.DEAD),
    ],
)
def test_table_8_every_band(region, state, fate):
    assert death_risk("Tom", state, dice=Dice.scripted([]), location=region).fate is fate


def test_human_profile_and_race_maxima():
    assert {c.value: HUMAN.base[c] for c in Characteristic} == {
        "DEP": 5, "PHY": 4, "HAB": 4, "POU": 4, "BAL": 4, "VIE": 4,
    }  # fmt: skip
    assert {c.value: HUMAN.maxima[c] for c in Characteristic} == {
        "DEP": 5, "PHY": 20, "HAB": 20, "POU": 20, "BAL": 20, "VIE": 15,
    }  # fmt: skip
    assert (HUMAN.rapidity_die, HUMAN.power_bonus) == (10, 0)


@pytest.mark.parametrize(
    ("specialization", "raised"),
    [
        ("archer", "HAB"),
        ("defender", "VIE"),
        ("warrior", "PHY"),
        ("mentor", "POU"),
        ("shooter", "BAL"),
    ],
)
def test_table_11_every_specialization(specialization, raised):
    gladiator = Gladiator(
        "G", Specialization(specialization), Equipment(EquipmentKind.COMBAT_GLOVES)
    )
    expected = {c.value: HUMAN.base[c] for c in Characteristic}
    expected[raised] += 1
    assert gladiator.characteristics == expected
