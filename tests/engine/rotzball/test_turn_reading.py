"""A played turn read by the rules (``rules_engine.rotzball.turns``): each roll's target in
parts, and how the turn ended; table-driven, checked against played matches. And the match
grid of a record."""

from typing import Any

import pytest

from rules_engine.dice import Dice
from rules_engine.rotzball import parse_sheet, play_match
from rules_engine.rotzball.turns import (
    TurnOutcome,
    match_grid,
    target_parts,
    turn_outcome,
    turn_targets,
)
from tests.engine.rotzball.builders import sheet

PLAIN = {"tactic": 0, "coach": 0, "carry_over": 0}


def turn(**changes: Any) -> dict[str, Any]:
    """Home has the initiative and attacks offensively (+10); nothing else modifies a roll."""
    base: dict[str, Any] = {
        "initiative": "home",
        "attacking": "home",
        "modifiers": {"home": {**PLAIN, "tactic": 10}, "away": dict(PLAIN)},
        "attack": {"team": "home", "target": 60, "result": "F"},
        "defence": {"team": "away", "target": 40, "result": "F"},
        "goal": None,
        "ball_after": "home",
    }
    return base | changes


def test_the_base_is_what_is_left_of_the_target_and_zeros_are_left_out() -> None:
    assert target_parts(65, {"tactic": 10, "coach": 5, "carry_over": 0}) == [
        ("base", 50),
        ("tactic", 10),
        ("coach", 5),
    ]
    assert target_parts(40, PLAIN) == [("base", 40)]


def test_a_counter_attack_swaps_the_sides_and_turns_the_tactic_around() -> None:
    counter = {
        "attack": {"team": "away", "target": 45, "result": "S"},
        "defence": {"team": "home", "target": 30, "result": "F"},
    }
    modifiers = {"home": {**PLAIN, "tactic": 10}, "away": {**PLAIN, "carry_over": 5}}
    targets = turn_targets(turn(counter_attack=counter, modifiers=modifiers))
    assert targets["attack"] == [("base", 50), ("tactic", 10)]
    assert targets["defence"] == [("base", 35), ("carry_over", 5)]
    # away's roll: no tactic of its own in a counter-attack; home's: its tactic works against it
    assert targets["counter_attack"] == [("base", 40), ("carry_over", 5)]
    assert targets["counter_defence"] == [("base", 40), ("tactic", -10)]


COUNTER = {"attack": {"target": 50}, "defence": {"target": 40}}


@pytest.mark.parametrize(
    ("changes", "outcome"),
    [
        ({"counter_attack": COUNTER, "goal": "away", "ball_after": "home"}, "counter_goal"),
        ({"counter_attack": COUNTER, "ball_after": "away"}, "counter_kept"),
        ({"counter_attack": COUNTER, "ball_after": "home"}, "counter_lost"),
        ({"goal": "home", "ball_after": "away"}, "goal"),
        (
            {
                "attack": {"target": 60, "result": "CS"},
                "defence": {"target": 40, "result": "CS"},
            },
            "cancelled",
        ),
        ({"ball_after": "away"}, "taken"),
        ({}, "stays"),
    ],
)
def test_how_a_turn_ended(changes: dict[str, Any], outcome: str) -> None:
    assert turn_outcome(turn(**changes)) is TurnOutcome(outcome)


def test_every_turn_of_played_matches_adds_up_and_ends_one_way() -> None:
    seen = set()
    for seed in range(40):
        record = play_match(
            parse_sheet(sheet("Home", attack=40 + seed)),
            parse_sheet(sheet("Away", defense=30 + seed)),
            dice=Dice(seed),
        ).to_dict()
        for played in record["turns"]:
            rolls = {"attack": played["attack"], "defence": played["defence"]}
            if played.get("counter_attack"):
                rolls["counter_attack"] = played["counter_attack"]["attack"]
                rolls["counter_defence"] = played["counter_attack"]["defence"]
            for key, parts in turn_targets(played).items():
                assert sum(value for _key, value in parts) == rolls[key]["target"]
            seen.add(turn_outcome(played))
    assert {TurnOutcome.GOAL, TurnOutcome.STAYS, TurnOutcome.TAKEN} <= seen


def test_the_match_grid_groups_the_turns_by_period_and_ticks_each_sides_boxes() -> None:
    turns = [
        {"turn": 1, "period": "first_half", "initiative": "home", "goal": "home"},
        {"turn": 2, "period": "first_half", "initiative": "away", "goal": None},
        {"turn": 3, "period": "second_half", "initiative": "away", "goal": "away"},
    ]
    grid = match_grid({"turns": turns, "possessions": {"home": 1, "away": 2}})
    assert grid["periods"] == [("first_half", 2), ("second_half", 1)]
    assert [n["period_start"] for n in grid["numbers"]] == [True, False, True]
    home, away = grid["rows"]["home"], grid["rows"]["away"]
    assert [(c["initiative"], c["goal"]) for c in home["cells"]] == [
        (True, True),
        (False, False),
        (False, False),
    ]
    assert [(c["number"], c["initiative"], c["goal"]) for c in away["cells"]][2] == (3, True, True)
    assert (home["goals"], home["possessions"], away["goals"], away["possessions"]) == (1, 1, 1, 2)
    empty = match_grid({})
    assert (empty["periods"], empty["numbers"]) == ([], [])
    assert empty["rows"]["home"] == {"cells": [], "goals": 0, "possessions": 0}


def test_a_played_matchs_grid_adds_up_to_its_score() -> None:
    record = play_match(
        parse_sheet(sheet("Home", attack=60)), parse_sheet(sheet("Away")), dice=Dice(3)
    ).to_dict()
    grid = match_grid(record)
    assert sum(size for _key, size in grid["periods"]) == len(record["turns"])
    assert grid["rows"]["home"]["goals"] == record["home_score"]
    assert grid["rows"]["away"]["goals"] == record["away_score"]
