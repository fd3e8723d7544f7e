"""The JSON inputs of the ``ratings`` commands, checked field by field.

Every refusal is an :class:`~rules_engine.errors.InvalidInput` naming the field by its path
(``player.rd``, ``games.1.score``). Numbers are JSON numbers (not booleans, not strings),
finite, within the limits of :mod:`rules_engine.ratings.glicko2`. A score is any number from
0 to 1: 1 a win, 0.5 a draw, 0 a loss, and a share in between for a game scored by margin.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.json_input import json_array, json_object
from rules_engine.json_input import path as _path
from rules_engine.ratings.glicko2 import (
    DEFAULT_TAU,
    RATING_LIMIT,
    RD_LIMIT,
    TAU_RANGE,
    VOLATILITY_RANGE,
    Game,
    Rating,
)


def _plain(number: float) -> str:
    """``0.000001``, ``10000``: a limit as people write it, without an exponent."""
    return f"{number:f}".rstrip("0").rstrip(".")


def _number(value: object, field: str, low: float, high: float, *, above_low: bool) -> float:
    """A finite JSON number in ``[low, high]`` (``(low, high]`` when ``above_low``)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise InvalidInput(field, "must be a number")
    number = float(value)
    too_low = number <= low if above_low else number < low
    if not math.isfinite(number) or too_low or number > high:
        bracket = "above" if above_low else "from"
        raise InvalidInput(field, f"must be a number {bracket} {_plain(low)} up to {_plain(high)}")
    return number


def _rating(data: Mapping[str, Any], field: str) -> float:
    return _number(
        data["rating"], _path(field, "rating"), -RATING_LIMIT, RATING_LIMIT, above_low=False
    )


def _rd(data: Mapping[str, Any], field: str) -> float:
    return _number(data["rd"], _path(field, "rd"), 0, RD_LIMIT, above_low=True)


def player(data: object, field: str) -> Rating:
    """``{"rating", "rd", "volatility"}``."""
    obj = json_object(data, field, required=("rating", "rd", "volatility"))
    volatility = _number(
        obj["volatility"], _path(field, "volatility"), *VOLATILITY_RANGE, above_low=False
    )
    return Rating(_rating(obj, field), _rd(obj, field), volatility)


def opponent(data: object, field: str) -> Rating:
    """``{"rating", "rd"}``: a rating whose volatility does not matter."""
    obj = json_object(data, field, required=("rating", "rd"))
    return Rating(_rating(obj, field), _rd(obj, field))


def game(data: object, field: str) -> Game:
    """``{"rating", "rd", "score"}``: the opponent's rating and deviation, the player's score."""
    obj = json_object(data, field, required=("rating", "rd", "score"))
    score = _number(obj["score"], _path(field, "score"), 0, 1, above_low=False)
    return Game(_rating(obj, field), _rd(obj, field), score)


def games(data: object, field: str) -> list[Game]:
    return [game(item, _path(field, index)) for index, item in enumerate(json_array(data, field))]


def glicko2_request(data: object) -> tuple[Rating, list[Game], float]:
    """``{"player", "games", "tau"?}``: the player, their games and the system constant
    (:data:`~rules_engine.ratings.glicko2.DEFAULT_TAU` when left out)."""
    request = json_object(data, "", required=("player", "games"), optional=("tau",))
    tau = (
        _number(request["tau"], "tau", *TAU_RANGE, above_low=False)
        if "tau" in request
        else DEFAULT_TAU
    )
    return player(request["player"], "player"), games(request["games"], "games"), tau


def expect_request(data: object) -> tuple[Rating, Rating]:
    """``{"a", "b"}``: two ratings without volatility."""
    request = json_object(data, "", required=("a", "b"))
    return opponent(request["a"], "a"), opponent(request["b"], "b")
