"""Armies and battles for the Witcher engine tests, including the rule text's own examples."""

from __future__ import annotations

import copy
from typing import Any

from rules_engine.witcher import Battle, BattleRun, parse_battle


def troop(name: str, dc: int, count: int, phase: int | None = None) -> dict[str, Any]:
    return {"name": name, "dc": dc, "count": count, "phase": phase}


def commander(
    name: str = "Commander", tactics: int = 12, command: int = 12, luck: int = 0
) -> dict[str, Any]:
    return {"name": name, "tactics": tactics, "command": command, "luck": luck}


def army(name: str, *troops: dict[str, Any], **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": name,
        "commander": extra.pop("commander", commander(f"{name} commander")),
        "troops": list(troops),
    }
    data.update(extra)
    return data


def plain(
    name: str, count: int = 300, dc: int = 12, tactics: int = 12, command: int = 12, luck: int = 0
) -> dict[str, Any]:
    """One troop, no specialist: the enemy's DC is ``dc`` and, against an army of the same
    size and DC, a commander with base 12 scores exactly the natural roll (2..9)."""
    return army(
        name,
        troop(f"{name} militia", dc, count),
        commander=commander(f"{name} commander", tactics, command, luck),
    )


def battle(attacker: dict[str, Any], defender: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"attacker": attacker, "defender": defender, **extra}


def start(data: dict[str, Any], dice: Any) -> BattleRun:
    return BattleRun.start(parse_battle(data), dice)


def parsed(data: dict[str, Any]) -> Battle:
    return parse_battle(data)


# -- the rule text's examples --------------------------------------------------------------

PEASANTS = army(  # example 1: 15 peasants and 10 mercenaries
    "Village",
    troop("Peasants", 10, 15),
    troop("Mercenaries", 14, 10, phase=1),
    commander=commander("Village chief", tactics=8, command=9),
)
PEASANTS_AND_HEROES = army(  # example 2: six heroes join
    "Village",
    troop("Peasants", 10, 15),
    troop("Mercenaries", 14, 10),
    troop("Heroes", 16, 6, phase=3),
    commander=commander("Village chief", tactics=8, command=9),
)
BRIGANDS = army(
    "Brigands", troop("Brigands", 12, 20), commander=commander("Brigand captain", 12, 12)
)

WILD_HUNT = army(
    "Wild Hunt",
    troop("Warriors of the Wild Hunt", 18, 110),
    troop("Hounds of the Wild Hunt", 18, 80, phase=2),
    troop("Navigators", 20, 10, phase=2),
    commander={"name": "General Nagh'Khaladh", "rank": "general", "swap": True},
)
AULD_ALLIANCE = army(
    "Auld Alliance",
    troop("Militia", 12, 30),
    troop("Skelligers", 16, 30),
    troop("Scoia'tael commando", 16, 14, phase=1),
    troop("Golems", 25, 7, phase=2),
    troop("Elementals", 25, 3, phase=2),
    troop("Gargoyles", 20, 10, phase=3),
    commander=commander("Rhundurin", tactics=16, command=16, luck=3),
    seconds={
        "1": commander("Seliad Graf von Kry'Ger", tactics=16, command=12),
        "2": commander("Irlyena", tactics=12, command=15),
    },
    works={"fortifications": True, "prepared": True},
)


def auld_alliance_battle(**extra: Any) -> dict[str, Any]:
    """The text's battle: the Wild Hunt attacks the fortress. Before phase 3 reinforcements
    make it one against three (deployment 300), and fresh troops give the Hunt surprise 1."""
    hunt = copy.deepcopy(WILD_HUNT)
    hunt["deployment"] = {"3": 300}
    settings: dict[str, Any] = {"circumstances": {"attacker": {"3": {"surprise": 1}}}}
    return battle(hunt, copy.deepcopy(AULD_ALLIANCE), **(settings | extra))
