"""SR and each phase's DC: the Auld Alliance battle as the text computes it, and each
modifier on its own."""

import pytest

from rules_engine.witcher import Side, Skill, parse_battle, plan_battle
from tests.engine.witcher.builders import (
    AULD_ALLIANCE,
    BRIGANDS,
    PEASANTS_AND_HEROES,
    WILD_HUNT,
    army,
    auld_alliance_battle,
    battle,
    plain,
    troop,
)

A, D = Side.ATTACKER, Side.DEFENDER


def plan(data):
    return plan_battle(parse_battle(data))


def dcs(data):
    return [(setup.dc[A], setup.dc[D]) for setup in plan(data).phases]


def test_auld_alliance_dcs_phase_by_phase():
    result = plan(auld_alliance_battle())

    assert result.sr == 10  # 294 combatants: a small battle
    # Phase 1: the Hunt rolls against the fortress's 18; the fortress against the Hunt's 18,
    # +2 for fighting almost one against two, -1 for the Scoia'tael commando: 19.
    # Phase 2: the Hunt's hounds and navigators: 16; the golems and elementals: 20 - 2 = 18.
    # Phase 3: the Hunt's fresh troops (surprise 1): 17; one against three (+3) and the
    # gargoyles: 18 + 3 - 1 = 20.
    assert [(s.dc[A], s.dc[D]) for s in result.phases] == [(18, 19), (16, 18), (17, 20)]
    assert result.phases[0].modifiers[D] == {
        "enemy_card": 18, "specialists": -1, "surprise": 0, "weather": 0, "superiority": 2,
        "other": 0,
    }  # fmt: skip
    assert result.phases[2].modifiers[D]["superiority"] == 3


def test_auld_alliance_commanders_per_phase():
    result = plan(auld_alliance_battle())

    names = [(s.commanders[A].name, s.commanders[D].name) for s in result.phases]
    assert names == [
        ("General Nagh'Khaladh", "Seliad Graf von Kry'Ger"),
        ("General Nagh'Khaladh", "Irlyena"),
        ("General Nagh'Khaladh", "Rhundurin"),
    ]
    assert result.phases[0].commanders[A].base(Skill.TACTICS) == 15
    assert result.phases[1].commanders[A].base(Skill.COMMAND) == 18
    assert result.luck == {
        A: {"General Nagh'Khaladh": 0},
        D: {"Rhundurin": 3, "Seliad Graf von Kry'Ger": 0, "Irlyena": 0},
    }


def test_without_deployment_the_whole_armies_count_in_every_phase():
    assert dcs(battle(WILD_HUNT, AULD_ALLIANCE)) == [(18, 19), (16, 18), (18, 19)]


def test_the_brigand_captain_faces_the_villages_barricades_dc_15():
    village = PEASANTS_AND_HEROES | {"works": {"prepared": True, "barricades": True}}

    result = plan(battle(BRIGANDS, village))

    assert result.sr == 5  # 20 + 31 combatants: a skirmish
    # The text's 15 is the village card (12 + 1 prepared + 2 barricades); in the battle the
    # brigands are also outnumbered, 31 against 20 (155%): +2.
    assert result.phases[0].modifiers[A]["enemy_card"] == 15
    assert result.phases[0].modifiers[A]["superiority"] == 2
    assert result.phases[0].dc[A] == 17
    # The village fights 20 brigands with 31: no superiority for either side.
    assert result.phases[2].dc[D] == 12 - 1  # the heroes are phase-3 specialists


def test_rose_knights_roll_against_18_and_the_dwarves_against_16():
    knights = army("Order of the Flaming Rose", troop("Knights", 16, 25))
    dwarves = army("Mahakam", troop("Dwarves", 18, 25))

    result = plan(battle(knights, dwarves))

    assert result.sr == 5
    assert {(s.dc[A], s.dc[D]) for s in result.phases} == {(18, 16)}


@pytest.mark.parametrize(
    ("circumstance", "delta"),
    [({"surprise": 3}, -3), ({"weather": 2}, 2), ({"other": -4}, -4),
     ({"surprise": 1, "weather": 3, "other": 1}, 3)],
)  # fmt: skip
def test_circumstances_change_one_sides_dc_in_one_phase(circumstance, delta):
    data = battle(plain("A"), plain("B"), circumstances={"defender": {"2": circumstance}})

    assert dcs(data) == [(12, 12), (12, 12 + delta), (12, 12)]


@pytest.mark.parametrize(
    ("attackers", "defenders", "attacker_dc", "defender_dc"),
    [
        (300, 300, 12, 12),
        (359, 300, 12, 12),  # 119%
        (360, 300, 12, 13),  # 120%
        (452, 300, 12, 13),  # 150.7% -> 150: still +1
        (453, 300, 12, 14),  # 151%
        (600, 300, 12, 14),  # one against two: 200%
        (900, 300, 12, 15),  # one against three
        (300, 3000, 20, 12),  # one against ten: +10, capped at +8
    ],
)
def test_numerical_superiority_raises_the_outnumbered_sides_dc(
    attackers, defenders, attacker_dc, defender_dc
):
    setup = plan(battle(plain("A", attackers), plain("B", defenders))).phases[0]

    assert (setup.dc[A], setup.dc[D]) == (attacker_dc, defender_dc)


def test_deployment_changes_superiority_in_its_phase_only():
    a = plain("A", 1000) | {"deployment": {"1": 200, "3": 1000}}
    b = plain("B", 1000) | {"deployment": {"1": 600, "3": 600}}

    # Phase 1: 200 against 600 (300%); phase 2: whole armies; phase 3: 1000 against 600.
    assert dcs(battle(a, b)) == [(15, 12), (12, 12), (12, 14)]


def test_own_specialists_lower_the_dc_by_one_each():
    a = army("A", troop("Militia", 12, 300), troop("Mages", 20, 10, phase=1),
             troop("Golems", 25, 5, phase=1), troop("Knights", 18, 40, phase=3))  # fmt: skip

    assert [s.dc[A] for s in plan(battle(a, plain("B", 355))).phases] == [10, 12, 11]


def test_automatic_phase3_skill_is_the_winners_larger_edge_ties_to_command():
    a = plain("A", tactics=16, command=12)
    b = plain("B", tactics=12, command=12)
    result = plan(battle(a, b))

    assert result.auto_phase3_skill(A) is Skill.TACTICS  # +4 in Tactics v +0
    assert result.auto_phase3_skill(D) is Skill.COMMAND  # -4 v 0
    even = plan(battle(plain("A", tactics=14, command=14), plain("B", tactics=12, command=12)))
    assert even.auto_phase3_skill(A) is Skill.COMMAND  # +2 and +2: ties go to Command


def test_phase3_skill_uses_the_phase3_commanders():
    a = plain("A", tactics=10, command=10) | {
        "seconds": {"3": {"name": "Tactician", "tactics": 20, "command": 10}}
    }
    result = plan(battle(a, plain("B")))

    assert result.auto_phase3_skill(A) is Skill.TACTICS
