"""Malformed armies and battles are refused with the offending field named."""

import copy

import pytest

from rules_engine import InvalidInput
from rules_engine.witcher import parse_army, parse_battle, plan_battle
from tests.engine.witcher.builders import AULD_ALLIANCE, battle, plain, troop


def broken_army(change):
    data = copy.deepcopy(AULD_ALLIANCE)
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        (lambda a: a.pop("name"), "army.name", "is required"),
        (lambda a: a.update(name="  "), "army.name", "must be a non-empty string"),
        (lambda a: a.pop("commander"), "army.commander", "is required"),
        (lambda a: a["commander"].pop("tactics"), "army.commander.tactics", "is required"),
        (lambda a: a["commander"].update(command=51), "army.commander.command",
         "must be an integer between 0 and 50"),
        (lambda a: a["commander"].update(luck=True), "army.commander.luck",
         "must be an integer between 0 and 50"),
        (lambda a: a["commander"].update(rank="sergeant"), "army.commander.rank",
         "must be one of captain, major, colonel, general, marshal"),
        (lambda a: a["commander"].update(rank="captain", swap=True), "army.commander.swap",
         "a Captain may not swap Tactics and Command"),
        (lambda a: a.update(troops=[]), "army.troops", "must be a non-empty list"),
        (lambda a: a["troops"][2].update(count=0), "army.troops.2.count",
         "must be an integer between 1 and 10000000"),
        (lambda a: a["troops"][1].update(dc="16"), "army.troops.1.dc",
         "must be an integer between 1 and 50"),
        (lambda a: a["troops"][1].update(phase=4), "army.troops.1.phase",
         "must be an integer between 1 and 3"),
        (lambda a: a["troops"].append("Gargoyles"), "army.troops.6", "must be an object"),
        (lambda a: a["works"].update(moat=True), "army.works.moat",
         "is not a work (known: better_terrain, prepared, barricades, fortifications)"),
        (lambda a: a["works"].update(prepared="yes"), "army.works.prepared",
         "must be true or false"),
        (lambda a: a["seconds"].update({"4": a["commander"]}), "army.seconds.4",
         "is not a phase (known: 1, 2, 3)"),
        (lambda a: a["seconds"]["2"].update(name="Rhundurin"), "army.seconds.2",
         "'Rhundurin' is already given other bases in army.commander"),
        (lambda a: a.update(deployment={"1": 0}), "army.deployment.1",
         "must be an integer between 1 and 10000000"),
    ],
)  # fmt: skip
def test_bad_armies_name_the_field(change, field, message):
    with pytest.raises(InvalidInput) as caught:
        parse_army(broken_army(change))

    assert (caught.value.field, caught.value.message) == (field, message)


def test_unknown_army_keys_such_as_ids_are_ignored():
    data = AULD_ALLIANCE | {"id": 7, "notes": "fortress"}

    assert parse_army(data) == parse_army(AULD_ALLIANCE)


def test_the_same_person_in_two_phases_is_one_commander():
    data = broken_army(lambda a: a["seconds"].update({"3": copy.deepcopy(a["seconds"]["1"])}))

    assert parse_army(data).commander_for(3).name == "Seliad Graf von Kry'Ger"


BASE = battle(plain("A"), plain("B"))


@pytest.mark.parametrize(
    ("extra", "field", "message"),
    [
        ({"weather": 2}, "weather",
         "is not an input of a battle (known: attacker, defender, circumstances, "
         "crucial_moments, options)"),
        ({"circumstances": {"neutral": {}}}, "circumstances.neutral",
         "is not a side (known: attacker, defender)"),
        ({"circumstances": {"attacker": {"0": {}}}}, "circumstances.attacker.0",
         "is not a phase (known: 1, 2, 3)"),
        ({"circumstances": {"attacker": {"1": {"surprise": 4}}}},
         "circumstances.attacker.1.surprise", "must be an integer between 0 and 3"),
        ({"circumstances": {"defender": {"2": {"weather": -1}}}},
         "circumstances.defender.2.weather", "must be an integer between 0 and 3"),
        ({"circumstances": {"defender": {"2": {"other": 11}}}},
         "circumstances.defender.2.other", "must be an integer between -10 and 10"),
        ({"circumstances": {"defender": {"2": {"fog": 1}}}},
         "circumstances.defender.2.fog",
         "is not a circumstance (known: surprise, weather, other)"),
        ({"crucial_moments": {"1": {"attacker_chance": 1.5}}},
         "crucial_moments.1.attacker_chance", "must be a number from 0 to 1"),
        ({"crucial_moments": {"1": {"attacker_chance": True}}},
         "crucial_moments.1.attacker_chance", "must be a number from 0 to 1"),
        ({"crucial_moments": {"4": {}}}, "crucial_moments.4", "is not a phase (known: 1, 2, 3)"),
        ({"options": {"casualties": "heavy"}}, "options.casualties",
         "must be one of off, dice, quick"),
        ({"options": {"phase3_skill": "luck"}}, "options.phase3_skill",
         "must be one of auto, tactics, command, gm"),
        ({"options": {"no_quarter": 1}}, "options.no_quarter", "must be true or false"),
        ({"options": {"quarter": True}}, "options.quarter",
         "is not a Witcher option (known: casualties, no_quarter, phase3_skill, luck, moments)"),
    ],
)  # fmt: skip
def test_bad_battles_name_the_field(extra, field, message):
    with pytest.raises(InvalidInput) as caught:
        parse_battle(BASE | extra)

    assert (caught.value.field, caught.value.message) == (field, message)


def test_a_battle_whose_card_has_errors_is_refused_naming_the_side_and_field():
    bad = plain("B") | {"troops": [troop("Militia", 12, 300, phase=2)]}

    with pytest.raises(InvalidInput) as caught:
        plan_battle(parse_battle(battle(plain("A"), bad)))

    assert caught.value.field == "defender.troops.0.phase"


def test_a_battle_round_trips_through_its_json():
    data = BASE | {
        "circumstances": {"attacker": {"2": {"surprise": 1, "weather": 2, "other": -1}}},
        "crucial_moments": {"1": {}, "3": {"attacker_chance": 0.25}, "2": None},
        "options": {"casualties": "quick", "no_quarter": True, "moments": "gm"},
    }
    parsed = parse_battle(data)

    assert parse_battle(parsed.to_dict()) == parsed
    assert sorted(parsed.crucial_moments) == [1, 3]
    assert parsed.crucial_moments[1].attacker_chance == 0.5
