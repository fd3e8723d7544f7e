"""A played turn of a match record read by the rules: what each roll's target is made of, and
how the turn ended. The pages word both; they compute neither.

A turn is one of the record's ``turns`` (:mod:`~rules_engine.rotzball.match`): its
``modifiers[team]`` hold ``tactic``, ``coach`` and ``carry_over`` as they apply to that team's
roll in the main exchange, so ``target = base + tactic + coach + carry_over``.
"""

from collections.abc import Mapping
from enum import StrEnum
from itertools import groupby
from typing import Any

from rules_engine.rotzball.rules import OTHER, counter_attack_tactic
from rules_engine.rotzball.shared import AWAY, HOME

MODIFIERS = ("tactic", "coach", "carry_over")
"""The modifiers of a roll's target, in the order they are told."""


def target_parts(target: int, modifiers: Mapping[str, int]) -> list[tuple[str, int]]:
    """``target`` as ``("base", what is left of it)`` and each modifier that is not zero, by
    its key in :data:`MODIFIERS`."""
    shown = [(key, modifiers[key]) for key in MODIFIERS if modifiers[key]]
    return [("base", target - sum(value for _key, value in shown)), *shown]


def turn_targets(turn: Mapping[str, Any]) -> dict[str, list[tuple[str, int]]]:
    """The :func:`target_parts` of each roll of ``turn``: ``attack`` and ``defence``, and in a
    counter-attack ``counter_attack`` and ``counter_defence``. A counter-attack keeps the turn's
    coach and carry-over modifiers, the sides swapped, and gives each side the counter-attack's
    tactic modifier (:func:`~rules_engine.rotzball.rules.counter_attack_tactic`)."""
    attacker = turn["attacking"]
    defender = OTHER[attacker]
    modifiers = turn["modifiers"]
    parts = {
        "attack": target_parts(turn["attack"]["target"], modifiers[attacker]),
        "defence": target_parts(turn["defence"]["target"], modifiers[defender]),
    }
    counter = turn.get("counter_attack")
    if counter:

        def countered(side: str) -> dict[str, int]:
            return {**modifiers[side], "tactic": counter_attack_tactic(side, turn["initiative"])}

        parts["counter_attack"] = target_parts(counter["attack"]["target"], countered(defender))
        parts["counter_defence"] = target_parts(counter["defence"]["target"], countered(attacker))
    return parts


class TurnOutcome(StrEnum):
    """How a turn ended."""

    COUNTER_GOAL = "counter_goal"
    """The defence won the ball and scored on the counter-attack."""
    COUNTER_KEPT = "counter_kept"
    """The defence won the ball, did not score on the counter-attack, and keeps the ball."""
    COUNTER_LOST = "counter_lost"
    """The defence won the ball, but the attackers won it back on the counter-attack."""
    GOAL = "goal"
    """The attackers scored; the ball goes to the other side."""
    CANCELLED = "cancelled"
    """Two critical successes: nothing happens."""
    TAKEN = "taken"
    """The side without the initiative takes the ball."""
    STAYS = "stays"
    """No goal; the ball stays with the initiative side."""


def turn_outcome(turn: Mapping[str, Any]) -> TurnOutcome:
    """How ``turn`` ended, read from its rolls and where the ball went."""
    if turn.get("counter_attack"):
        if turn.get("goal"):
            return TurnOutcome.COUNTER_GOAL
        if turn["ball_after"] == OTHER[turn["attacking"]]:
            return TurnOutcome.COUNTER_KEPT
        return TurnOutcome.COUNTER_LOST
    if turn.get("goal"):
        return TurnOutcome.GOAL
    if turn["attack"]["result"] == "CS" and turn["defence"]["result"] == "CS":
        return TurnOutcome.CANCELLED
    if turn["ball_after"] != turn["initiative"]:
        return TurnOutcome.TAKEN
    return TurnOutcome.STAYS


def match_grid(record: Mapping[str, Any]) -> dict[str, Any]:
    """The paper match grid ("grille de match") of a match record: its ``periods`` (each
    one's key and number of turns, in order), the turn ``numbers`` (each marked where a period
    starts) and a row per side: its ``cells`` (each turn's big goal box and the small
    initiative box in its middle, ticked or not), its ``goals`` and its ``possessions``."""
    turns = record.get("turns", [])
    groups = [list(group) for _period, group in groupby(turns, key=lambda turn: turn["period"])]
    starts = {group[0]["turn"] for group in groups}
    numbers = [{"number": turn["turn"], "period_start": turn["turn"] in starts} for turn in turns]
    rows = {
        side: {
            "cells": [
                {**number, "initiative": turn["initiative"] == side, "goal": turn["goal"] == side}
                for number, turn in zip(numbers, turns, strict=True)
            ],
            "goals": sum(turn["goal"] == side for turn in turns),
            "possessions": record.get("possessions", {}).get(side, 0),
        }
        for side in (HOME, AWAY)
    }
    periods = [(group[0]["period"], len(group)) for group in groups]
    return {"periods": periods, "numbers": numbers, "rows": rows}
