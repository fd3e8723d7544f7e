"""The parameters of a match-day action (:mod:`~rules_engine.tutatis.actions`), read from
what the table says: the players it names and the numbers it decides.

Players are named ``"home:<id>"`` / ``"away:<id>"``; their characteristics come from the
side's sheet (the one frozen at kick-off). The acting side is the first named player's (the
attacker, shooter, fouler), or ``inputs["side"]`` for the weather and the kick-off checks.
The readings: one weather per match (another only through a Time Warp); in a storm every BP
test takes -2; the kick-off checks come after the weather.

Each refusal is an :class:`~rules_engine.errors.InvalidInput` with its ``code`` and the input
at fault as its ``field``; callers word it in their own language.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.tutatis.actions import Characteristic
from rules_engine.tutatis.tables import STORM_BP_MALUS

SIDES = ("home", "away")
ACTION_INPUTS: dict[str, tuple[str, ...]] = {
    "weather": ("side",),
    "kickoff": ("side", "unconscious", "badly_hurt"),
    "tackle": ("attacker", "attacker_helpers", "defender", "defender_helpers"),
    "shot": ("shooter", "keeper", "distance"),
    "foul": ("fouler", "victim"),
    "fall": ("player", "rock_pitch"),
    "injury": ("player",),
    "test": ("player", "characteristic", "modifier"),
}
"""The inputs each action reads, the acting player first."""
PLAYER_ROLES = ("player", "attacker", "defender", "shooter", "keeper", "fouler", "victim")
ACTION_PLAYERS = {
    action: tuple(name for name in inputs if name in PLAYER_ROLES)
    for action, inputs in ACTION_INPUTS.items()
}
"""The players each action names, the acting one first."""

Sheet = Callable[[str], Sequence[Mapping[str, Any]]]
"""A side's players, as the sheet lists them (``id``, ``name``, characteristics...)."""


def _refused(code: str, field: str) -> InvalidInput:
    return InvalidInput(field, code.replace("_", " "), code=code)


def _player(sheet: Sheet, ref: object, field: str) -> tuple[str, Mapping[str, Any]]:
    side, _colon, pk = str(ref or "").partition(":")
    if side in SIDES and pk.isdigit():
        for player in sheet(side):
            if player["id"] == int(pk):
                return side, player
    raise _refused("not_a_match_player", field)


def _number(inputs: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = inputs.get(key, default)
    if type(value) is not int:
        raise _refused("not_a_whole_number", key)
    return value


def _kickoff(
    inputs: Mapping[str, Any], players: Sequence[Mapping[str, Any]], weather: str | None
) -> dict[str, Any]:
    """The kick-off checks of a side: who is on the pitch, unconscious or badly hurt (the
    sheet's badly hurt unless the table names them)."""
    if weather is None:
        raise _refused("weather_not_rolled", "action")
    names = {player["id"]: player["name"] for player in players}
    hurt = inputs.get("badly_hurt")
    if hurt is None:
        hurt = [player["id"] for player in players if player.get("badly_hurt")]
    return {
        "weather": weather,
        "on_pitch": [player["name"] for player in players if player["on_pitch"]],
        "unconscious": [names[pk] for pk in inputs.get("unconscious", []) if pk in names],
        "badly_hurt": [names[pk] for pk in hurt if pk in names],
    }


def _test(
    inputs: Mapping[str, Any], player: Mapping[str, Any], weather: str | None
) -> dict[str, Any]:
    characteristic = str(inputs.get("characteristic", ""))
    if characteristic not in {c.value for c in Characteristic}:
        raise _refused("unknown_characteristic", "characteristic")
    modifier = _number(inputs, "modifier", 0)
    if characteristic == Characteristic.BP and weather == "storm":
        modifier += STORM_BP_MALUS
    return {"characteristic": characteristic, "value": player[characteristic], "modifier": modifier}


def action_params(
    action: str,
    inputs: Mapping[str, Any],
    *,
    sheet: Sheet,
    weather: str | None,
    teams: Mapping[str, str],
) -> tuple[dict[str, Any], str, str]:
    """The engine's parameters of ``action``, the acting side and a label naming who acted.

    ``sheet(side)`` gives a side's players, ``weather`` is the standing weather roll's
    (``None`` before it), ``teams`` each side's team name."""
    if action not in ACTION_PLAYERS:
        raise _refused("unknown_action", "action")
    named = {role: _player(sheet, inputs.get(role), role) for role in ACTION_PLAYERS[action]}
    people = [player["name"] for _side, player in named.values()]
    if named:
        side = next(iter(named.values()))[0]
    else:
        side = str(inputs.get("side", ""))
        if side not in SIDES:
            raise _refused("unknown_side", "side")
    stats = {role: player for role, (_side, player) in named.items()}
    params: dict[str, Any] = {}
    if action == "weather" and weather is not None:
        raise _refused("weather_rolled", "action")
    if action == "test":
        params = _test(inputs, stats["player"], weather)
    elif action == "fall":
        params = {"co": stats["player"]["co"], "rock_pitch": bool(inputs.get("rock_pitch"))}
    elif action == "tackle":
        params = {
            role: {"st": stats[role]["st"], "helpers": _number(inputs, f"{role}_helpers", 0)}
            for role in ("attacker", "defender")
        }
    elif action == "shot":
        params = {
            "shooter": {"st": stats["shooter"]["st"], "bp": stats["shooter"]["bp"]},
            "keeper": {"ag": stats["keeper"]["ag"], "bp": stats["keeper"]["bp"]},
            "distance": _number(inputs, "distance"),
        }
    elif action == "foul":
        params = {"st": stats["fouler"]["st"], "co": stats["victim"]["co"]}
    elif action == "kickoff":
        params = _kickoff(inputs, sheet(side), weather)
        people = [teams[side]]
    return params, side, " → ".join(people)
