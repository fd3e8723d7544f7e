"""The battle card: the text's examples as the text computes them, then errors and warnings."""

import pytest

from rules_engine import InvalidInput
from rules_engine.witcher import battle_card, card, officer, officer_rank_for, parse_army
from tests.engine.witcher.builders import (
    AULD_ALLIANCE,
    BRIGANDS,
    PEASANTS,
    PEASANTS_AND_HEROES,
    WILD_HUNT,
    army,
    troop,
)


def fields(issues):
    return [issue["field"] for issue in issues]


# -- the text's examples -------------------------------------------------------------------


def test_example_1_peasants_are_60_percent_so_they_are_the_main_troop():
    result = card(PEASANTS)

    assert result["total"] == 25
    assert result["main_troops"] == ["Peasants"]
    assert result["base_dc"] == result["dc"] == 10
    assert result["specialists"] == {"1": ["Mercenaries"], "2": [], "3": []}
    assert result["errors"] == []


def test_example_2_peasants_fall_to_48_percent_and_mercenaries_complete_the_main_troop():
    result = card(PEASANTS_AND_HEROES)

    assert result["total"] == 31
    assert result["main_troops"] == ["Peasants", "Mercenaries"]
    assert result["base_dc"] == 12  # (10 + 14) / 2
    # The six heroes are 19% of 31: they may be specialists.
    assert result["specialists"]["3"] == ["Heroes"]
    assert result["errors"] == []


def test_barricades_and_prepared_positions_raise_the_brigands_dc_from_12_to_15():
    village = PEASANTS_AND_HEROES | {"works": {"prepared": True, "barricades": True}}

    assert card(village)["dc"] == 15


def test_auld_alliance_base_14_becomes_18_with_fortifications_and_preparation():
    result = card(AULD_ALLIANCE)

    assert result["total"] == 94
    assert result["main_troops"] == ["Militia", "Skelligers"]
    assert result["base_dc"] == 14
    assert result["dc"] == 18
    assert result["specialists"] == {
        "1": ["Scoia'tael commando"],
        "2": ["Golems", "Elementals"],
        "3": ["Gargoyles"],
    }
    assert result["errors"] == []
    # Three elementals are below the table's group of five: a warning the GM may accept.
    assert fields(result["warnings"]) == ["troops.4.count"]


def test_wild_hunt_warriors_are_55_percent_elite_main_troop_dc_18_and_0_2_0_is_a_warning():
    result = card(WILD_HUNT)

    assert result["total"] == 200
    assert result["main_troops"] == ["Warriors of the Wild Hunt"]
    assert result["base_dc"] == result["dc"] == 18
    assert result["specialists"]["2"] == ["Hounds of the Wild Hunt", "Navigators"]
    assert result["errors"] == []
    assert fields(result["warnings"]) == ["specialists"]
    assert "0/2/0" in result["warnings"][0]["message"]


def test_rose_knights_against_mahakam_dwarves():
    knights = army("Order of the Flaming Rose", troop("Knights", 16, 25))
    dwarves = army("Mahakam", troop("Dwarves", 18, 25))

    # The Order's commander rolls against the dwarves' 18, the dwarf against the knights' 16.
    assert card(dwarves)["dc"] == 18
    assert card(knights)["dc"] == 16
    assert card(dwarves)["warnings"] == []  # 25 dwarves: above the group of 10


def test_brigands_card():
    assert card(BRIGANDS)["dc"] == 12


# -- the main troop ------------------------------------------------------------------------


def test_exactly_half_is_not_a_majority():
    result = card(army("A", troop("Half", 12, 50), troop("Rest", 16, 30), troop("X", 10, 20)))

    assert result["main_troops"] == ["Half", "Rest"]
    assert result["base_dc"] == 14


def test_elite_troops_are_left_out_of_the_main_troop():
    result = card(
        army("A", troop("Knights", 18, 40), troop("Militia", 12, 35), troop("Levy", 10, 25))
    )

    assert result["main_troops"] == ["Militia", "Levy"]
    assert result["base_dc"] == 11


def test_when_ordinary_troops_cannot_make_60_percent_elite_troops_complete_the_main_troop():
    result = card(army("A", troop("Witchers", 20, 45), troop("Militia", 12, 30),
                       troop("Levy", 10, 25)))  # fmt: skip

    assert result["main_troops"] == ["Militia", "Levy", "Witchers"]
    assert result["base_dc"] == 14
    assert fields(result["warnings"]) == ["main_troops"]


def test_troops_are_indivisible_and_the_mean_is_rounded_down():
    result = card(army("A", troop("A", 12, 40), troop("B", 14, 15), troop("C", 16, 15),
                       troop("D", 10, 30)))  # fmt: skip

    assert result["main_troops"] == ["A", "D"]  # 70%: no need for B or C
    assert result["base_dc"] == 11


def test_equal_head_counts_keep_the_cards_order():
    first = card(army("A", troop("X", 12, 30), troop("Y", 16, 30), troop("Z", 10, 40)))
    second = card(army("A", troop("Z", 10, 40), troop("Y", 16, 30), troop("X", 12, 30)))

    assert first["main_troops"] == ["Z", "X"]
    assert second["main_troops"] == ["Z", "Y"]


@pytest.mark.parametrize(
    ("works", "modifier"),
    [
        ({}, 0),
        ({"better_terrain": True}, 1),
        ({"prepared": True}, 1),
        ({"barricades": True}, 2),
        ({"fortifications": True}, 3),
        ({"barricades": True, "fortifications": True}, 3),  # the larger, not both
        ({"better_terrain": True, "prepared": True, "fortifications": True}, 5),
    ],
)
def test_works_add_to_the_dc_imposed_on_the_enemy(works, modifier):
    result = card(army("A", troop("Militia", 12, 100)) | {"works": works})

    assert result["dc"] == 12 + modifier


# -- errors and warnings ----------------------------------------------------------------


def test_a_main_troop_given_a_phase_is_an_error():
    result = card(army("A", troop("Militia", 12, 80, phase=1), troop("Knights", 18, 20)))

    assert fields(result["errors"]) == ["troops.0.phase"]
    assert "main troop" in result["errors"][0]["message"]


def test_a_small_ordinary_troop_is_not_eligible_but_a_small_elite_troop_is():
    result = card(army("A", troop("Militia", 12, 90), troop("Scouts", 14, 5, phase=1),
                       troop("Mage", 20, 5, phase=2)))  # fmt: skip

    assert fields(result["errors"]) == ["troops.1.phase"]
    assert "5.0%" in result["errors"][0]["message"]
    assert result["specialists"] == {"1": [], "2": ["Mage"], "3": []}


def test_ten_percent_is_enough_to_be_a_specialist():
    result = card(army("A", troop("Militia", 12, 90), troop("Scouts", 14, 10, phase=1)))

    assert result["errors"] == []
    assert result["specialists"]["1"] == ["Scouts"]


def test_a_troop_listed_twice_is_an_error():
    result = card(army("A", troop("Militia", 12, 80), troop("Mages", 20, 5, phase=1),
                       troop("Mages", 20, 5, phase=2)))  # fmt: skip

    assert fields(result["errors"]) == ["troops.2.name"]


def test_more_than_three_specialists_in_a_phase_is_an_error():
    troops = [troop(f"Mages {i}", 20, 5, phase=2) for i in range(4)]
    result = card(army("A", troop("Militia", 12, 200), *troops))

    assert fields(result["errors"]) == ["specialists.2"]
    assert "4 specialist troops (at most 3)" in result["errors"][0]["message"]


@pytest.mark.parametrize(
    ("phases", "warned"),
    [
        ([1, 2, 3], False),
        ([1, 1, 2, 3], False),  # 2/1/1
        ([1, 1, 2, 2, 3, 3, 3], False),  # 2/2/3
        ([3, 3], True),  # 0/0/2
        ([1, 2, 2, 3, 3, 3], True),  # 1/2/3
        ([2], False),  # 0/1/0
    ],
)
def test_phases_may_differ_by_one_specialist_at_most(phases, warned):
    troops = [troop(f"Mages {i}", 20, 5, phase=p) for i, p in enumerate(phases)]
    result = card(army("A", troop("Militia", 12, 500), *troops))

    assert result["errors"] == []
    assert ("specialists" in fields(result["warnings"])) is warned


@pytest.mark.parametrize(
    ("dc", "count", "warned"),
    [(18, 9, True), (18, 10, False), (20, 4, True), (20, 5, False), (25, 3, True),
     (30, 1, False), (14, 1, False)],
)  # fmt: skip
def test_groups_below_the_tables_minimum_are_warnings(dc, count, warned):
    result = card(army("A", troop("Militia", 12, 500), troop("Group", dc, count)))

    assert ("troops.1.count" in fields(result["warnings"])) is warned


def test_a_dc_outside_the_troop_table_is_a_warning():
    result = card(army("A", troop("Militia", 13, 500)))

    assert fields(result["warnings"]) == ["troops.0.dc"]


def test_eligible_specialists_are_listed_on_the_card_object():
    result = battle_card(parse_army(AULD_ALLIANCE))

    assert result.eligible == (
        "Scoia'tael commando", "Golems", "Elementals", "Gargoyles",
    )  # fmt: skip
    assert result.ok


# -- officers ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rank", "tactics", "command"),
    [("captain", 12, 12), ("major", 15, 12), ("colonel", 15, 15), ("general", 18, 15),
     ("marshal", 18, 18)],
)  # fmt: skip
def test_officer_templates_fill_npc_commanders(rank, tactics, command):
    npc = officer(rank, name="NPC")

    assert (npc.name, npc.tactics, npc.command, npc.luck) == ("NPC", tactics, command, 0)


def test_a_major_or_a_general_may_swap_tactics_and_command():
    assert (officer("general", swap=True).tactics, officer("general", swap=True).command) == (
        15,
        18,
    )  # fmt: skip  (General Nagh'Khaladh: Tactics 15, Command 18)
    assert officer("major", swap=True).command == 15
    with pytest.raises(InvalidInput) as caught:
        officer("colonel", swap=True)
    assert caught.value.field == "swap"


@pytest.mark.parametrize(
    ("engaged", "rank"),
    [(50, "captain"), (199, "captain"), (200, "major"), (499, "major"), (500, "colonel"),
     (19_999, "general"), (20_000, "marshal")],
)  # fmt: skip
def test_the_officer_table_suggests_a_rank_for_a_battle_size(engaged, rank):
    assert officer_rank_for(engaged) == rank


def test_a_commander_given_a_rank_takes_the_templates_bases_unless_given_his_own():
    hunt = parse_army(WILD_HUNT)
    assert (hunt.commander.tactics, hunt.commander.command) == (15, 18)

    own = parse_army(army("A", troop("M", 12, 10), commander={"name": "C", "rank": "captain",
                                                               "command": 14, "luck": 2}))  # fmt: skip
    assert (own.commander.tactics, own.commander.command, own.commander.luck) == (12, 14, 2)
