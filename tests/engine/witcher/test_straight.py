"""The straight-through resolution (:mod:`rules_engine.witcher.straight`) against the stepped
run it stands for: on many seeds and battles, the same JSON entry for entry (phases, events,
casualties, roll log), the same dice drawn, and the dice stream left at the same place."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_engine.dice import Dice
from rules_engine.witcher import BattleRun, load_tables, parse_battle, plan_battle, resolve
from rules_engine.witcher.straight import resolve_straight
from tests.engine.witcher import test_replay_digests as digests
from tests.engine.witcher.builders import auld_alliance_battle, battle, plain

SEEDS = 120

SCENARIOS: dict[str, tuple[dict[str, Any], dict[str, Any] | None]] = {
    **{name: (data, None) for name, data in digests.SCENARIOS.items()},
    "the rule text's battle, quick casualties, Luck off": (
        auld_alliance_battle(options={"casualties": "quick", "no_quarter": True, "luck": "off"}),
        None,
    ),
    "the rule text's battle, phase 3 by tactics, moments for sure": (
        auld_alliance_battle(
            crucial_moments={"1": {"attacker_chance": 1}, "2": {"attacker_chance": 0}, "3": {}},
            options={"phase3_skill": "tactics", "casualties": "dice"},
        ),
        None,
    ),
    "a skirmish: the moment comes before the first roll": (
        battle(
            plain("A", count=5, luck=5),
            plain("B", count=4, luck=1),
            crucial_moments={"1": {}, "2": {"attacker_chance": 0.2}, "3": {}},
            options={"casualties": "dice", "no_quarter": True},
        ),
        None,
    ),
    "hopeless DCs: the round limit and its coin": (
        battle(
            plain("A", dc=30, tactics=5, command=5, luck=2),
            plain("B", dc=30, tactics=5, command=5),
            crucial_moments={"2": {}},
            options={"casualties": "quick"},
        ),
        {"rounds_limit": 3},
    ),
    "uneven totals at the round limit": (
        battle(plain("A", dc=22), plain("B", dc=26), options={"casualties": "off"}),
        {"rounds_limit": 2},
    ),
}


def stepped_json(data: dict[str, Any], tables: dict[str, Any] | None, dice: Dice) -> str:
    battle_ = parse_battle(data, tables=load_tables(tables))
    run = BattleRun.start(battle_, dice)
    result = run.run_to_end(auto_decide=True)
    assert run.result_json() == result.to_dict()
    return json.dumps(result.to_dict())


def straight_json(data: dict[str, Any], tables: dict[str, Any] | None, dice: Dice) -> str:
    straight = resolve_straight(plan_battle(parse_battle(data, tables=load_tables(tables))), dice)
    assert straight is not None
    return json.dumps(straight)


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_the_straight_resolution_writes_what_the_stepped_run_writes(name):
    data, tables = SCENARIOS[name]
    for seed in range(SEEDS):
        stepped_dice, straight_dice = Dice(seed), Dice(seed)
        expected = json.loads(stepped_json(data, tables, stepped_dice))
        written = straight_json(data, tables, straight_dice)
        found = json.loads(written)

        # entry for entry first, for a readable failure; then the text, key order included
        assert found["rolls"] == expected["rolls"], seed
        for phase, expected_phase in zip(found["phases"], expected["phases"], strict=True):
            assert phase["events"] == expected_phase["events"], seed
            assert phase == expected_phase, seed
        assert found.get("casualties") == expected.get("casualties"), seed
        assert written == json.dumps(expected), seed
        assert straight_dice.log() == stepped_dice.log()
        assert straight_dice.d100("next") == stepped_dice.d100("next")  # streams go on together


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_without_a_log_the_straight_resolution_draws_what_the_run_draws(name):
    data, tables = SCENARIOS[name]
    for seed in range(0, SEEDS, 7):
        stepped_dice, straight_dice = Dice(seed, record=False), Dice(seed, record=False)
        expected = json.loads(stepped_json(data, tables, stepped_dice))
        assert json.loads(straight_json(data, tables, straight_dice)) == expected
        assert straight_dice.d100("next") == stepped_dice.d100("next")


def test_scripted_dice_go_through_the_straight_resolution_as_through_the_run():
    data = digests.SCENARIOS["the rule text's battle, dice casualties, no quarter"]
    values = [roll["value"] for roll in resolve(data, seed=11)["rolls"]]
    assert straight_json(data, None, Dice.scripted(values)) == stepped_json(
        data, None, Dice.scripted(values)
    )


@pytest.mark.parametrize(
    "options", [{"moments": "gm"}, {"phase3_skill": "gm"}, {"moments": "gm", "casualties": "dice"}]
)
def test_a_battle_that_pauses_for_the_game_master_is_left_to_the_run(options):
    data = battle(plain("A"), plain("B"), crucial_moments={"1": {}}, options=options)
    assert resolve_straight(plan_battle(parse_battle(data)), Dice(1)) is None
