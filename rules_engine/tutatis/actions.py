"""Match-day actions rolled with :class:`~rules_engine.dice.Dice`: what a page button or an
API call asks the engine to throw. Each takes plain parameters (checked here, errors naming
the field) and returns a JSON-able dict holding every die thrown, in order.

=========== ================================================== ====================================
action      parameters                                         result
=========== ================================================== ====================================
weather     ``{}``                                             ``{roll, dice, weather}``
test        ``{characteristic, value, modifier?}``             ``{roll, dice, target, success}``
fall        ``{co, rock_pitch?}``                              ``{roll, hurt, injury_roll, injury}``
injury      ``{}``                                             ``{roll, dice, injury}``
tackle      ``{attacker: {st, helpers}, defender: {...}}``     the tackle table's row and totals
shot        ``{shooter: {st, bp}, keeper: {ag, bp}, distance}`` totals and points (3, 1 or 0)
foul        ``{st, co}``                                       totals, injury, the sending-off D6
kickoff     ``{weather, on_pitch, unconscious, badly_hurt}``   who is back, out, sitting out
=========== ================================================== ====================================
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any

from rules_engine.dice import Dice, Purpose
from rules_engine.errors import InvalidInput
from rules_engine.tutatis.kickoff import kick_off
from rules_engine.tutatis.reading import as_bool, as_int, as_list, as_name, as_object, path
from rules_engine.tutatis.tables import (
    Foul,
    Weather,
    falls_hurt,
    injury_for,
    passes_test,
    shot,
    tackle,
    weather_for,
)

MAX_STAT = 20
MAX_HELPERS = 8
MAX_DISTANCE = 16  # the pitch is sixteen squares long


class Characteristic(StrEnum):
    MO = "mo"
    ST = "st"
    AG = "ag"
    CO = "co"
    BP = "bp"


def _two_d6(dice: Dice, code: str, **params: str | int) -> tuple[int, list[int]]:
    first = dice.d6(Purpose.of(code, **params))
    second = dice.d6(Purpose.of(code, **params))
    return first + second, [first, second]


def _stat(data: Mapping[str, Any], key: str, where: str) -> int:
    return as_int(data[key], path(where, key), high=MAX_STAT)


def weather(params: Mapping[str, Any], dice: Dice) -> dict[str, Any]:
    as_object(params, "params", keys=())
    if params:
        raise InvalidInput(path("params", str(next(iter(params)))), "weather takes no parameter")
    total, faces = _two_d6(dice, "weather")
    return {"roll": total, "dice": faces, "weather": weather_for(total).value}


def test(params: Mapping[str, Any], dice: Dice) -> dict[str, Any]:
    data = dict(params)
    data.setdefault("modifier", 0)
    data = dict(as_object(data, "params", keys=("characteristic", "value", "modifier")))
    name = data["characteristic"]
    if name not in {c.value for c in Characteristic}:
        known = ", ".join(c.value for c in Characteristic)
        raise InvalidInput("params.characteristic", f"must be one of {known}")
    value = _stat(data, "value", "params")
    modifier = data["modifier"]
    if type(modifier) is not int or not -6 <= modifier <= 6:
        raise InvalidInput("params.modifier", "must be an integer from -6 to 6")
    total, faces = _two_d6(dice, "test", characteristic=name)
    return {
        "characteristic": name,
        "roll": total,
        "dice": faces,
        "target": value + modifier,
        "success": passes_test(value, total, modifier),
    }


def _injury_roll(dice: Dice) -> dict[str, Any]:
    total, faces = _two_d6(dice, "injury")
    return {"roll": total, "dice": faces, "injury": injury_for(total).value}


def injury(params: Mapping[str, Any], dice: Dice) -> dict[str, Any]:
    if params:
        raise InvalidInput(path("params", str(next(iter(params)))), "injury takes no parameter")
    return _injury_roll(dice)


def fall(params: Mapping[str, Any], dice: Dice) -> dict[str, Any]:
    data = dict(params)
    data.setdefault("rock_pitch", False)
    data = dict(as_object(data, "params", keys=("co", "rock_pitch")))
    co = _stat(data, "co", "params")
    rock = as_bool(data["rock_pitch"], "params.rock_pitch")
    total, faces = _two_d6(dice, "fall")
    hurt = falls_hurt(co, total, rock_pitch=rock)
    result: dict[str, Any] = {"roll": total, "dice": faces, "hurt": hurt, "injury": None}
    if hurt:
        rolled = _injury_roll(dice)
        result.update(injury_roll=rolled["roll"], injury_dice=rolled["dice"])
        result["injury"] = rolled["injury"]
    return result


def _side(data: Mapping[str, Any], where: str, keys: tuple[str, ...]) -> Mapping[str, Any]:
    return as_object(data, where, keys=keys)


def tackle_action(params: Mapping[str, Any], dice: Dice) -> dict[str, Any]:
    data = as_object(params, "params", keys=("attacker", "defender"))
    sides = {
        name: _side(data[name], f"params.{name}", ("st", "helpers"))
        for name in ("attacker", "defender")
    }
    strengths = {name: _stat(side, "st", f"params.{name}") for name, side in sides.items()}
    helpers = {
        name: as_int(side["helpers"], f"params.{name}.helpers", high=MAX_HELPERS)
        for name, side in sides.items()
    }
    attacker_roll, attacker_dice = _two_d6(dice, "tackle", side="attacker")
    defender_roll, defender_dice = _two_d6(dice, "tackle", side="defender")
    outcome = tackle(
        attacker_st=strengths["attacker"],
        attacker_roll=attacker_roll,
        attacker_helpers=helpers["attacker"],
        defender_st=strengths["defender"],
        defender_roll=defender_roll,
        defender_helpers=helpers["defender"],
    )
    return {
        **outcome.to_dict(),
        "attacker_roll": attacker_roll,
        "attacker_dice": attacker_dice,
        "defender_roll": defender_roll,
        "defender_dice": defender_dice,
    }


def shot_action(params: Mapping[str, Any], dice: Dice) -> dict[str, Any]:
    data = as_object(params, "params", keys=("shooter", "keeper", "distance"))
    shooter = _side(data["shooter"], "params.shooter", ("st", "bp"))
    keeper = _side(data["keeper"], "params.keeper", ("ag", "bp"))
    distance = as_int(data["distance"], "params.distance", high=MAX_DISTANCE)
    stats = {
        "shooter_st": _stat(shooter, "st", "params.shooter"),
        "shooter_bp": _stat(shooter, "bp", "params.shooter"),
        "keeper_ag": _stat(keeper, "ag", "params.keeper"),
        "keeper_bp": _stat(keeper, "bp", "params.keeper"),
    }
    shooter_roll, shooter_dice = _two_d6(dice, "shot", side="shooter")
    keeper_roll, keeper_dice = _two_d6(dice, "shot", side="keeper")
    outcome = shot(**stats, shooter_roll=shooter_roll, keeper_roll=keeper_roll, distance=distance)
    return {
        **outcome.to_dict(),
        "shooter_roll": shooter_roll,
        "shooter_dice": shooter_dice,
        "keeper_roll": keeper_roll,
        "keeper_dice": keeper_dice,
    }


def foul(params: Mapping[str, Any], dice: Dice) -> dict[str, Any]:
    data = as_object(params, "params", keys=("st", "co"))
    st, co = _stat(data, "st", "params"), _stat(data, "co", "params")
    fouler_roll, fouler_dice = _two_d6(dice, "foul", side="fouler")
    victim_roll, victim_dice = _two_d6(dice, "foul", side="victim")
    hurts = fouler_roll + st > victim_roll + co
    rolled = _injury_roll(dice) if hurts else None
    sending_off = dice.d6(Purpose.of("sending_off"))
    outcome = Foul(
        fouler_total=fouler_roll + st,
        victim_total=victim_roll + co,
        injury=injury_for(rolled["roll"]) if rolled else None,
        sending_off_roll=sending_off,
    )
    return {
        **outcome.to_dict(),
        "fouler_dice": fouler_dice,
        "victim_dice": victim_dice,
        "injury_roll": rolled["roll"] if rolled else None,
    }


def _names(value: object, where: str) -> list[str]:
    return [as_name(item, path(where, n)) for n, item in enumerate(as_list(value, where))]


def kickoff(params: Mapping[str, Any], dice: Dice) -> dict[str, Any]:
    data = as_object(params, "params", keys=("weather", "on_pitch", "unconscious", "badly_hurt"))
    if data["weather"] not in {w.value for w in Weather}:
        known = ", ".join(w.value for w in Weather)
        raise InvalidInput("params.weather", f"must be one of {known}")
    return kick_off(
        weather=Weather(data["weather"]),
        on_pitch=_names(data["on_pitch"], "params.on_pitch"),
        unconscious=_names(data["unconscious"], "params.unconscious"),
        badly_hurt=_names(data["badly_hurt"], "params.badly_hurt"),
        dice=dice,
    ).to_dict()


Action = Callable[[Mapping[str, Any], Dice], dict[str, Any]]

ACTIONS: dict[str, Action] = {
    "weather": weather,
    "test": test,
    "fall": fall,
    "injury": injury,
    "tackle": tackle_action,
    "shot": shot_action,
    "foul": foul,
    "kickoff": kickoff,
}


def run_action(name: str, params: Mapping[str, Any], *, dice: Dice) -> dict[str, Any]:
    """Throw the dice of action ``name``; :class:`InvalidInput` on an unknown action or bad
    parameters (nothing is rolled then: parameters are read before any die)."""
    if name not in ACTIONS:
        raise InvalidInput("action", f"must be one of {', '.join(ACTIONS)}")
    return ACTIONS[name](params, dice)
