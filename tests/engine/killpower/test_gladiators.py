"""Gladiators and teams: creation, equipment, RAP, experience and raises, validation."""

import pytest

from rules_engine import IllegalAction, InvalidInput
from rules_engine.dice import Dice
from rules_engine.killpower import (
    Characteristic,
    EquipmentKind,
    PowerCard,
    Recruit,
    Specialization,
    create_gladiator,
    create_team,
    draw_equipment,
    draw_rapidity,
    gain_xp,
    parse_gladiator,
    parse_team,
    take_raise,
    take_raises,
)
from rules_engine.killpower.creation import parse_recruit
from tests.engine.killpower.builders import gladiator, team

DECK = [PowerCard(name, f"{name} text") for name in ("A", "B", "C", "D")]


def test_two_different_power_cards_are_drawn_from_the_deck():
    dice = Dice.scripted([2, 2])
    equipment = draw_equipment(EquipmentKind.POWER_CARDS, dice=dice, holder="Max", deck=DECK)
    assert equipment.cards == ("B", "C")  # B drawn, then the 2nd of A, C, D
    assert [roll["die"] for roll in dice.log()] == ["d4", "d3"]
    assert equipment.armour == 1  # no magic armour: the normal armour


def test_the_default_deck_is_the_rule_texts_two_named_cards():
    dice = Dice.scripted([1, 1])
    equipment = draw_equipment(EquipmentKind.POWER_CARDS, dice=dice, holder="Max")
    assert equipment.cards == ("Fantôme", "Rayon laser")


def test_combat_gloves_draw_nothing_at_creation():
    dice = Dice.scripted([])
    equipment = draw_equipment(EquipmentKind.COMBAT_GLOVES, dice=dice, holder="Bob")
    assert (equipment.kind, equipment.armour, dice.log()) == (EquipmentKind.COMBAT_GLOVES, 1, [])


@pytest.mark.parametrize(("d10", "armour"), [(1, 7), (2, 7), (3, 8), (7, 10), (9, 11), (10, 11)])
def test_magic_armour_is_1d5_plus_6(d10, armour):
    equipment = draw_equipment(EquipmentKind.MAGIC_ARMOUR, dice=Dice.scripted([d10]), holder="T")
    assert equipment.armour == armour


def test_tournament_recruits_choose_their_cards():
    recruit = parse_recruit(
        {"name": "Max", "specialization": "mentor", "equipment": "power_cards", "cards": ["X", "Y"]}
    )
    max_ = create_gladiator(recruit, dice=Dice.scripted([]))
    assert max_.equipment.cards == ("X", "Y")
    assert max_.characteristics["POU"] == 5


def test_rapidity_is_1d10_per_gladiator_per_match():
    titanos = parse_team(team())
    dice = Dice.scripted([3, 10, 1, 7, 5, 2, 9])
    rap = draw_rapidity(titanos.gladiators, dice=dice)
    assert list(rap.values()) == [3, 10, 1, 7, 5, 2, 9]
    assert dice.log()[0] == {"die": "d10", "value": 3, "purpose": "RAP Titanos 1"}


def test_create_team_completes_the_coachs_recruits_to_seven():
    recruits = [Recruit("Tom", Specialization.SHOOTER, EquipmentKind.MAGIC_ARMOUR)]
    dice = Dice.scripted([5, 1, 2, 3, 4, 5, 6])
    titanos = create_team("Titanos", recruits, dice=dice)
    assert titanos.names == ("Tom", *(f"Recruit {n}" for n in range(1, 7)))
    assert [g.specialization.value for g in titanos.gladiators[1:]] == [
        "archer", "defender", "warrior", "mentor", "shooter", "archer",
    ]  # fmt: skip
    assert [g.armour for g in titanos.gladiators] == [9, 7, 7, 8, 8, 9, 9]
    assert parse_team(titanos.to_dict()) == titanos


# --- experience ------------------------------------------------------------------------------


def tom(xp: int = 0, **raises: int):
    return parse_gladiator(gladiator("Tom", specialization="shooter", xp=xp, raises=raises))


def test_five_xp_per_match_and_a_raise_per_ten_xp_never_spent():
    once = gain_xp(tom())
    assert (once.xp, once.raises_available) == (5, 0)
    twice = gain_xp(once)
    assert (twice.xp, twice.raises_available) == (10, 1)
    raised = take_raise(twice, Characteristic.BAL)
    assert (raised.xp, raised.raises_available, raised.value(Characteristic.BAL)) == (10, 0, 6)
    with pytest.raises(IllegalAction, match="no raise left"):
        take_raise(raised, Characteristic.PHY)


def test_raises_stop_at_the_race_maximum_counting_the_specialization():
    defender = parse_gladiator(
        gladiator("D", specialization="defender", xp=200, raises={"VIE": 10})
    )
    assert defender.value(Characteristic.VIE) == 15
    with pytest.raises(IllegalAction, match="race maximum 15"):
        take_raise(defender, Characteristic.VIE)
    assert take_raise(defender, Characteristic.PHY).value(Characteristic.PHY) == 5


def test_dep_is_never_raised():
    with pytest.raises(IllegalAction, match="DEP cannot be raised"):
        take_raise(tom(xp=10), Characteristic.DEP)


def test_several_raises_in_order():
    raised = take_raises(tom(xp=30), [Characteristic.BAL, Characteristic.BAL, Characteristic.HAB])
    assert raised.raises == {Characteristic.BAL: 2, Characteristic.HAB: 1}
    assert raised.to_dict()["raises"] == {"HAB": 1, "BAL": 2}


# --- validation ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"name": ""}, "gladiator.name"),
        ({"specialization": "tireur"}, "gladiator.specialization"),
        ({"equipment": {"kind": "sword"}}, "gladiator.equipment.kind"),
        ({"equipment": {"kind": "magic_armour"}}, "gladiator.equipment.armour"),
        ({"equipment": {"kind": "magic_armour", "armour": 12}}, "gladiator.equipment.armour"),
        ({"equipment": {"kind": "power_cards", "cards": ["A"]}}, "gladiator.equipment.cards"),
        (
            {"equipment": {"kind": "power_cards", "cards": ["A", "A"]}},
            "gladiator.equipment.cards.1",
        ),
        ({"xp": -5}, "gladiator.xp"),
        ({"xp": True}, "gladiator.xp"),
        ({"race": "orc"}, "gladiator.race"),
        ({"xp": 10, "raises": {"BAL": 2}}, "gladiator.raises"),
        ({"xp": 10, "raises": {"DEP": 1}}, "gladiator.raises.DEP"),
        ({"xp": 10, "raises": {"LUCK": 1}}, "gladiator.raises.LUCK"),
        ({"xp": 200, "raises": {"VIE": 12}}, "gladiator.raises.VIE"),
    ],
)
def test_a_bad_gladiator_names_its_field(change, field):
    with pytest.raises(InvalidInput) as error:
        parse_gladiator({**gladiator("Tom"), **change})
    assert error.value.field == field


def test_a_team_has_exactly_seven_gladiators_with_distinct_names():
    with pytest.raises(InvalidInput) as error:
        parse_team(team(size=6))
    assert (error.value.field, error.value.message) == (
        "team.gladiators",
        "must list exactly 7 gladiators",
    )
    twins = team()
    twins["gladiators"][4]["name"] = "Titanos 1"
    with pytest.raises(InvalidInput) as error:
        parse_team(twins)
    assert error.value.field == "team.gladiators.4.name"


def test_gladiator_and_team_round_trip_through_json():
    titanos = parse_team(team(ranking_points=4, xp=25))
    assert parse_team(titanos.to_dict()) == titanos
    assert titanos.to_dict()["power"] == 4 + 175 // 10
    assert titanos.to_dict()["division"] == 2
