"""Rotzball team sheets: parsing and validation.

A sheet (the "grille de match" of the rule text) names a Passer, two other Attackers, three
Defenders and a Coach. Characteristics are WFRP 2nd edition percentages: ``E`` (Endurance),
``Ag`` (Agilité), ``F`` (Force) and ``Int``. As JSON::

    {
      "name": "Middenheim Wolves",
      "tactic": "balanced",                       # optional: offensive | defensive | balanced
      "passer": {"name": "Kurt", "E": 45, "Ag": 40, "F": 38},
      "attackers": [{"name": ..., "E": .., "Ag": .., "F": ..}, {...}],   # exactly two
      "defenders": [{"name": ..., "E": .., "Ag": ..}, {...}, {...}],      # exactly three
      "coach": {"name": "Otto", "Ag": 35, "Int": 50}
    }

Keys the rules do not use (ids, notes) are ignored. Every error is an
:class:`~rules_engine.errors.InvalidInput` whose field is a dotted path such as
``home.defenders.2.Ag`` (list positions count from 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules_engine.errors import InvalidInput

MIN_CHARACTERISTIC = 1
MAX_CHARACTERISTIC = 100
ATTACKERS = 2
DEFENDERS = 3


class Tactic(StrEnum):
    """A coach's match plan (RULES_NOTES 1, turn step 1)."""

    OFFENSIVE = "offensive"
    DEFENSIVE = "defensive"
    BALANCED = "balanced"  # offensive unless leading on score, then defensive


@dataclass(frozen=True, slots=True)
class Attacker:
    """The Passer or one of the two other Attackers."""

    name: str
    endurance: int
    agility: int
    strength: int


@dataclass(frozen=True, slots=True)
class Defender:
    name: str
    endurance: int
    agility: int


@dataclass(frozen=True, slots=True)
class Coach:
    name: str
    agility: int
    intelligence: int


@dataclass(frozen=True, slots=True)
class TeamSheet:
    name: str
    tactic: Tactic
    passer: Attacker
    attackers: tuple[Attacker, Attacker]
    defenders: tuple[Defender, Defender, Defender]
    coach: Coach


_TACTICS = {tactic.value: tactic for tactic in Tactic}


REQUIRED = "required"
"""The code of a missing part of the sheet (a position, a player's characteristic)."""
EXACT_COUNT = "exact_count"
"""The code of a squad of the wrong size; ``params["count"]`` is the size the rules want."""


def _join(prefix: str, key: str | int) -> str:
    return f"{prefix}.{key}" if prefix else str(key)


def _mapping(data: object, field: str) -> Mapping[str, Any]:
    if type(data) is dict:  # the common case, without the slower ABC check
        return data
    if not isinstance(data, Mapping):
        raise InvalidInput(field, "must be an object")
    return data


def _require(data: Mapping[str, Any], key: str, field: str) -> Any:
    if key not in data:
        raise InvalidInput(_join(field, key), "is required", code=REQUIRED)
    return data[key]


def _name(data: Mapping[str, Any], field: str) -> str:
    value = _require(data, "name", field)
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(_join(field, "name"), "must be a non-empty string")
    return value


_RANGE = f"must be an integer between {MIN_CHARACTERISTIC} and {MAX_CHARACTERISTIC}"


def _player(data: object, field: str, keys: tuple[str, ...]) -> tuple[str, list[int]]:
    """The name and the characteristics ``keys`` of a player or coach."""
    player = _mapping(data, field)
    name = _name(player, field)
    values: list[int] = []
    for key in keys:
        value = player.get(key)
        # ``type(...) is int`` refuses booleans, which ``isinstance`` counts as integers.
        if type(value) is not int or not MIN_CHARACTERISTIC <= value <= MAX_CHARACTERISTIC:
            if key not in player:
                raise InvalidInput(_join(field, key), "is required", code=REQUIRED)
            raise InvalidInput(_join(field, key), _RANGE)
        values.append(value)
    return name, values


def _attacker(data: object, field: str) -> Attacker:
    name, (endurance, agility, strength) = _player(data, field, ("E", "Ag", "F"))
    return Attacker(name, endurance, agility, strength)


def _defender(data: object, field: str) -> Defender:
    name, (endurance, agility) = _player(data, field, ("E", "Ag"))
    return Defender(name, endurance, agility)


def _coach(data: object, field: str) -> Coach:
    name, (agility, intelligence) = _player(data, field, ("Ag", "Int"))
    return Coach(name, agility, intelligence)


def _squad(data: Mapping[str, Any], key: str, size: int, field: str) -> list[Any]:
    value = _require(data, key, field)
    if not isinstance(value, list) or len(value) != size:
        raise InvalidInput(
            _join(field, key),
            f"must be a list of exactly {size} players",
            code=EXACT_COUNT,
            params={"count": size},
        )
    return value


def _tactic(data: Mapping[str, Any], field: str) -> Tactic:
    value = data.get("tactic")
    if value is None:
        return Tactic.BALANCED
    if isinstance(value, str) and value in _TACTICS:
        return _TACTICS[value]
    choices = ", ".join(_TACTICS)
    raise InvalidInput(_join(field, "tactic"), f"must be one of {choices}")


def parse_sheet(data: object, field: str = "home") -> TeamSheet:
    """Validate a JSON team sheet and build a :class:`TeamSheet`.

    ``field`` prefixes the path of every error (``""`` for paths relative to the sheet).
    """
    sheet = _mapping(data, field)
    name = _name(sheet, field)
    tactic = _tactic(sheet, field)
    passer = _attacker(_require(sheet, "passer", field), _join(field, "passer"))
    attackers_field = _join(field, "attackers")
    a1, a2 = [
        _attacker(item, _join(attackers_field, i))
        for i, item in enumerate(_squad(sheet, "attackers", ATTACKERS, field))
    ]
    defenders_field = _join(field, "defenders")
    d1, d2, d3 = [
        _defender(item, _join(defenders_field, i))
        for i, item in enumerate(_squad(sheet, "defenders", DEFENDERS, field))
    ]
    coach = _coach(_require(sheet, "coach", field), _join(field, "coach"))
    return TeamSheet(name, tactic, passer, (a1, a2), (d1, d2, d3), coach)
