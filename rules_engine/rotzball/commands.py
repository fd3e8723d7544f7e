"""Command-line commands of Rotzball: each takes the JSON read on stdin, returns JSON.

* ``ratings``: a team sheet -> ``{"attack", "defense", "coach"}``.
* ``simulate``: ``{"home", "away", "seed"?, "options"?}`` -> the match result.
* ``odds``: ``{"home", "away", "n", "seed"?, "options"?}`` -> the fast odds.

Without ``seed`` a fresh one is drawn; the output always carries the seed used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.rotzball.options import MatchOptions
from rules_engine.rotzball.system import odds, ratings, simulate


def _request(
    data: object, *, required: tuple[str, ...], optional: tuple[str, ...]
) -> Mapping[str, Any]:
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
    return data


def ratings_command(data: object) -> dict[str, int]:
    return ratings(data)


def simulate_command(data: object) -> dict[str, Any]:
    request = _request(data, required=("home", "away"), optional=("seed", "options"))
    options = MatchOptions.parse(request.get("options"))
    return simulate(
        request["home"], request["away"], seed=request.get("seed"), coach_rule=options.coach_rule
    )


def odds_command(data: object) -> dict[str, Any]:
    request = _request(data, required=("home", "away", "n"), optional=("seed", "options"))
    options = MatchOptions.parse(request.get("options"))
    return odds(
        request["home"],
        request["away"],
        n=request["n"],
        seed=request.get("seed"),
        coach_rule=options.coach_rule,
    )


COMMANDS: dict[str, Callable[[Any], Any]] = {
    "ratings": ratings_command,
    "simulate": simulate_command,
    "odds": odds_command,
}
