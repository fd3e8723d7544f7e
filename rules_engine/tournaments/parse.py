"""The JSON input of ``pairings swiss``, checked field by field.

Every refusal is an :class:`~rules_engine.errors.InvalidInput` naming the field by its path
(``players.2.score``). An opponent who is not among the players (one who withdrew) is allowed
and counts for nothing.
"""

from __future__ import annotations

import math

from rules_engine.errors import InvalidInput
from rules_engine.json_input import json_array, json_object
from rules_engine.tournaments.swiss import Player, Shape

MAX_PLAYERS = 4096


def _id(value: object, field: str) -> str:
    if not isinstance(value, str) or not value:
        raise InvalidInput(field, "must be a non-empty string")
    return value


def player(data: object, field: str) -> Player:
    """``{"id", "score", "opponents"?, "byes"?}``."""
    obj = json_object(data, field, required=("id", "score"), optional=("opponents", "byes"))
    identifier = _id(obj["id"], f"{field}.id")
    score = obj["score"]
    if isinstance(score, bool) or not isinstance(score, int | float) or not math.isfinite(score):
        raise InvalidInput(f"{field}.score", "must be a finite number")
    if not -1e6 <= score <= 1e6:
        raise InvalidInput(f"{field}.score", "must be a number from -1000000 up to 1000000")
    opponents = json_array(obj.get("opponents", []), f"{field}.opponents")
    met = [_id(o, f"{field}.opponents.{i}") for i, o in enumerate(opponents)]
    if identifier in met:
        raise InvalidInput(f"{field}.opponents", f"lists the player {identifier!r} itself")
    byes = obj.get("byes", 0)
    if isinstance(byes, bool) or not isinstance(byes, int) or byes < 0:
        raise InvalidInput(f"{field}.byes", "must be a whole number from 0")
    return Player(identifier, float(score), frozenset(met), byes)


def swiss_request(data: object) -> tuple[list[Player], bool, Shape]:
    """``{"players", "avoid_rematch"?, "shape"?}``: the players in ranking order, whether
    rematches are avoided (default yes), the preferred shape within a score group (default
    ``fold``)."""
    request = json_object(data, "", required=("players",), optional=("avoid_rematch", "shape"))
    items = json_array(request["players"], "players")
    if len(items) > MAX_PLAYERS:
        raise InvalidInput("players", f"must hold at most {MAX_PLAYERS} players")
    players = [player(item, f"players.{index}") for index, item in enumerate(items)]
    first: dict[str, int] = {}
    for index, p in enumerate(players):
        if p.id in first:
            raise InvalidInput(f"players.{index}.id", f"repeats players.{first[p.id]}.id")
        first[p.id] = index
    avoid = request.get("avoid_rematch", True)
    if not isinstance(avoid, bool):
        raise InvalidInput("avoid_rematch", "must be true or false")
    shape = request.get("shape", Shape.FOLD.value)
    if shape not in {s.value for s in Shape}:
        raise InvalidInput("shape", "must be one of: " + ", ".join(s.value for s in Shape))
    return players, avoid, Shape(shape)
