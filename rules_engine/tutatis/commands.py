"""Command-line commands of Tutatis: ``python -m rules_engine tutatis COMMAND < input.json``.

* ``check-team``: ``{team: {players: [{name, role, cost, on_pitch}]}, budget}`` ->
  ``{ok, cost, errors: [{rule, message}]}``
* ``tackle``: ``{attacker: {st, roll, helpers}, defender: {st, roll, helpers}}`` ->
  ``{attacker_total, defender_total, difference, result}``
* ``shot``: ``{shooter: {st, bp, roll}, keeper: {ag, bp, roll}, distance}`` ->
  ``{shooter_total, keeper_total, points}``
* ``weather``: ``{roll}`` -> ``{weather}``; ``injury``: ``{roll}`` -> ``{injury}``

Rolls are read off the table (2 to 12); bad input exits 2 with the field on stderr.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_engine.tutatis.reading import as_int, as_object, two_d6
from rules_engine.tutatis.tables import injury_for, shot, tackle, weather_for
from rules_engine.tutatis.team import check_team_json

STAT_LIMIT = 20


def _check_team(data: object) -> dict[str, Any]:
    request = as_object(data, "", keys=("team", "budget"))
    return check_team_json(request["team"], request["budget"]).to_dict()


def _side(data: object, where: str, keys: tuple[str, ...]) -> dict[str, int]:
    item = as_object(data, where, keys=keys)
    values = {}
    for key in keys:
        where_key = f"{where}.{key}"
        values[key] = (
            two_d6(item[key], where_key)
            if key == "roll"
            else as_int(item[key], where_key, high=STAT_LIMIT)
        )
    return values


def _tackle(data: object) -> dict[str, Any]:
    request = as_object(data, "", keys=("attacker", "defender"))
    attacker = _side(request["attacker"], "attacker", ("st", "roll", "helpers"))
    defender = _side(request["defender"], "defender", ("st", "roll", "helpers"))
    return tackle(
        attacker_st=attacker["st"],
        attacker_roll=attacker["roll"],
        attacker_helpers=attacker["helpers"],
        defender_st=defender["st"],
        defender_roll=defender["roll"],
        defender_helpers=defender["helpers"],
    ).to_dict()


def _shot(data: object) -> dict[str, Any]:
    request = as_object(data, "", keys=("shooter", "keeper", "distance"))
    shooter = _side(request["shooter"], "shooter", ("st", "bp", "roll"))
    keeper = _side(request["keeper"], "keeper", ("ag", "bp", "roll"))
    return shot(
        shooter_st=shooter["st"],
        shooter_bp=shooter["bp"],
        shooter_roll=shooter["roll"],
        keeper_ag=keeper["ag"],
        keeper_bp=keeper["bp"],
        keeper_roll=keeper["roll"],
        distance=as_int(request["distance"], "distance", high=16),
    ).to_dict()


def _weather(data: object) -> dict[str, Any]:
    roll = two_d6(as_object(data, "", keys=("roll",))["roll"], "roll")
    return {"weather": weather_for(roll).value}


def _injury(data: object) -> dict[str, Any]:
    roll = two_d6(as_object(data, "", keys=("roll",))["roll"], "roll")
    return {"injury": injury_for(roll).value}


COMMANDS: dict[str, Callable[[Any], Any]] = {
    "check-team": _check_team,
    "tackle": _tackle,
    "shot": _shot,
    "weather": _weather,
    "injury": _injury,
}
