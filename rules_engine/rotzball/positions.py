"""The seven positions of a Rotzball line-up, what each plays as on the team sheet, and the
score of a player at a position (the rule text's per-player formulas, :mod:`ratings`).

A line-up is given as position -> the player's name and characteristics (``E``, ``Ag``,
``F``, ``Int``; those the position does not use are left off the sheet)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules_engine.rotzball.ratings import attacker_score, coach_score, defender_score
from rules_engine.rotzball.sheet import Attacker, Coach, Defender

ATTACKER = "attacker"
DEFENDER = "defender"
COACH = "coach"

POSITIONS = {
    "passer": ATTACKER,
    "attacker_1": ATTACKER,
    "attacker_2": ATTACKER,
    "defender_1": DEFENDER,
    "defender_2": DEFENDER,
    "defender_3": DEFENDER,
    "coach": COACH,
}
"""Each position of a line-up, in sheet order, with what it plays as."""

CHARACTERISTICS = {ATTACKER: ("E", "Ag", "F"), DEFENDER: ("E", "Ag"), COACH: ("Ag", "Int")}
"""The sheet's characteristics of each kind of player."""


def sheet_player(kind: str, player: Mapping[str, Any]) -> dict[str, Any]:
    """``player`` on the sheet as a ``kind``: its name and the characteristics the kind uses."""
    return {"name": player["name"], **{key: player[key] for key in CHARACTERISTICS[kind]}}


def player_score(kind: str, player: Mapping[str, Any]) -> int:
    """A sheet player's score as a ``kind``."""
    name = player.get("name", "")
    if kind == ATTACKER:
        return attacker_score(Attacker(name, player["E"], player["Ag"], player["F"]))
    if kind == DEFENDER:
        return defender_score(Defender(name, player["E"], player["Ag"]))
    return coach_score(Coach(name, player["Ag"], player["Int"]))


def position_score(position: str, player: Mapping[str, Any]) -> int:
    """``player``'s score at ``position``."""
    return player_score(POSITIONS[position], player)


def lineup_sheet(name: str, tactic: str, lineup: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The team sheet of ``lineup`` (position -> player). Positions left empty are left out
    of the sheet, so that validating it names them."""

    def at(positions: tuple[str, ...]) -> list[dict[str, Any]]:
        return [sheet_player(POSITIONS[p], lineup[p]) for p in positions if p in lineup]

    sheet: dict[str, Any] = {"name": name, "tactic": tactic}
    if "passer" in lineup:
        sheet["passer"] = sheet_player(ATTACKER, lineup["passer"])
    sheet["attackers"] = at(("attacker_1", "attacker_2"))
    sheet["defenders"] = at(("defender_1", "defender_2", "defender_3"))
    if "coach" in lineup:
        sheet["coach"] = sheet_player(COACH, lineup["coach"])
    return sheet
