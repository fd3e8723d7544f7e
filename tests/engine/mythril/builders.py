"""Mythril team lists, drafts and players for the engine tests."""

from __future__ import annotations

from typing import Any

from rules_engine.mythril import Draft, Pick, Player, Profile, TeamList

ORC_LIST: dict[str, Any] = {
    "race": "Orc",
    "positions": [
        {"name": "Lineman", "cost": 50_000, "max": 16},
        {"name": "Blitzer", "cost": 80_000, "max": 4, "ally_limit": 1},
        {"name": "Troll", "cost": 110_000, "max": 1, "big_guy": True, "ally_limit": 1},
    ],
    "champions": [
        {"name": "Morg 'n' Thorg", "cost": 430_000, "races": ["Orc", "Human"], "big_guy": True},
        {"name": "Varag Ghoul-Chewer", "cost": 260_000, "races": ["Orc"]},
        {"name": "Griff Oberwald", "cost": 320_000, "races": ["Human"]},
    ],
    "allies": ["Goblin"],
}

GOBLIN_LIST: dict[str, Any] = {
    "race": "Goblin",
    "positions": [
        {"name": "Goblin", "cost": 40_000, "max": 16, "ally_limit": 4},
        {"name": "Troll", "cost": 110_000, "max": 2, "big_guy": True, "ally_limit": 1},
    ],
    "allies": ["Orc"],
}


def orcs() -> TeamList:
    return TeamList.from_dict(ORC_LIST)


def goblins() -> TeamList:
    return TeamList.from_dict(GOBLIN_LIST)


def draft(
    *picks: Pick, linemen: int = 11, popularity: int = 1, allies: int = 0, pitch: str = "lawn"
) -> Draft:
    players = tuple(Pick(position="Lineman") for _ in range(linemen)) + picks
    return Draft(players, popularity, allies, pitch)


def player(
    pid: str,
    *,
    big_guy: bool = False,
    champion: bool = False,
    ally: bool = False,
    spp: int = 0,
    levels: int = 0,
    profile: Profile | None = None,
    race: str = "Orc",
    position: str = "Lineman",
) -> Player:
    return Player(
        id=pid,
        name=f"Player {pid}",
        position=position,
        race=race,
        big_guy=big_guy,
        champion=champion,
        ally=ally,
        spp=spp,
        levels=levels,
        start=profile,
        profile=profile,
        normal=("general", "strength") if big_guy else ("general",),
        double=("agility", "passing") if not big_guy else ("agility",),
    )
