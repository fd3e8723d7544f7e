"""Command-line commands of Killpower Ball: each takes the JSON read on stdin, returns JSON.

``python -m rules_engine killpower COMMAND < input.json``; ``?`` marks an optional key.

* ``power``: ``{ranking_points, total_xp, race_bonus?}`` -> ``{power, division}``
* ``target``: ``{home_power, away_power, settings?}`` -> ``{home, away}``: points more than the
  opponent each side must score to win
* ``ranking``: ``{home: {points, power}, away: {points, power}, result, abandoned_by?,
  settings?}`` -> ``{home, away}``: new ranking points
* ``damage``: ``{vie, armour, damage, wound?}`` -> ``{state, status}``
* ``free-throws``: ``{home: [gladiators], away: [gladiators], home_power, away_power,
  score: {home, away}, seed?, distances?}`` -> the shots and the final score
* ``death-risk``: ``{gladiator, state, location?, seed?, settings?}`` -> TABLE 8's verdict
* ``create-team``: ``{name, recruits?, seed?, settings?}`` -> a new team of seven
* ``rapidity``: ``{team, seed?}`` -> the RAP of each gladiator for a match
* ``validate``: a team -> ``{valid, issues}``
* ``record``: ``{home, away, result, seed?, options?}`` -> the match outcome
* ``post-match``: ``{outcome, seed?, options?}`` -> both teams after the post-match sequence
* ``bracket``: ``{entrants, winners?}`` -> a single-elimination bracket

Without ``seed`` a fresh one is drawn; every output that rolled carries its seed and rolls.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.killpower import json_api


def _request(
    data: object, *, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> dict[str, Any]:
    if not isinstance(data, Mapping):
        raise InvalidInput("input", "must be a JSON object")
    known = required + optional
    for key in data:
        if key not in known:
            raise InvalidInput(
                str(key), f"is not an input of this command (known: {', '.join(known)})"
            )
    for key in required:
        if key not in data:
            raise InvalidInput(key, "is required")
    return dict(data)


def _command(
    function: Callable[..., dict[str, Any]],
    required: tuple[str, ...],
    optional: tuple[str, ...] = (),
) -> Callable[[Any], dict[str, Any]]:
    def command(data: object) -> dict[str, Any]:
        return function(**_request(data, required=required, optional=optional))

    command.__doc__ = function.__doc__
    return command


COMMANDS: dict[str, Callable[[Any], Any]] = {
    "power": _command(json_api.power_and_division, ("ranking_points", "total_xp"), ("race_bonus",)),
    "target": _command(json_api.points_to_score, ("home_power", "away_power"), ("settings",)),
    "ranking": _command(
        json_api.new_ranking_points, ("home", "away", "result"), ("abandoned_by", "settings")
    ),
    "damage": _command(json_api.damage, ("vie", "armour", "damage"), ("wound",)),
    "free-throws": _command(
        json_api.shoot_free_throws,
        ("home", "away", "home_power", "away_power", "score"),
        ("seed", "distances"),
    ),
    "death-risk": _command(
        json_api.roll_death_risk, ("gladiator", "state"), ("location", "seed", "settings")
    ),
    "create-team": _command(json_api.new_team, ("name",), ("recruits", "seed", "settings")),
    "rapidity": _command(json_api.rapidity, ("team",), ("seed",)),
    "validate": json_api.check_team,
    "record": _command(json_api.record_match, ("home", "away", "result"), ("seed", "options")),
    "post-match": _command(json_api.run_post_match, ("outcome",), ("seed", "options")),
    "bracket": _command(json_api.bracket, ("entrants",), ("winners",)),
}
