"""Command-line commands of Witcher battles: each takes the JSON read on stdin, returns JSON.

* ``card``: an army -> ``{"total", "main_troops", "base_dc", "dc", "specialists",
  "errors", "warnings"}``; exit status 1 when ``errors`` is not empty (the JSON is printed).
* ``resolve``: a battle (``seed`` optional) -> the result; a battle whose cards have errors
  is refused. Crucial moments are drawn with their chance: the command line cannot pause,
  so ``options.moments`` and ``options.phase3_skill`` may not be ``"gm"``.
* ``odds``: a battle plus ``"n"`` -> ``{"n", "attacker_win", "crushing", "phase_win",
  "seed"}`` (shares; ``phase_win`` is the attacker's).

Without ``seed`` a fresh one is drawn; the output always carries the seed used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from rules_engine.cli import CommandResult
from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.witcher.battle import MomentMode, Phase3Policy, parse_battle
from rules_engine.witcher.run import resolve_battle_json
from rules_engine.witcher.system import card


def card_command(data: object) -> dict[str, Any] | CommandResult:
    result = card(data)
    return CommandResult(result) if result["errors"] else result


def resolve_command(data: object) -> dict[str, Any]:
    battle = parse_battle(data, extra_keys=("seed",))
    if battle.options.moments is MomentMode.GM:
        raise InvalidInput("options.moments", "the command line draws crucial moments by "
                           "chance: 'gm' needs the stepped Python API")  # fmt: skip
    if battle.options.phase3_skill is Phase3Policy.GM:
        raise InvalidInput("options.phase3_skill", "the command line cannot wait for the game "
                           "master: use auto, tactics or command")  # fmt: skip
    seed = cast(Mapping[str, Any], data).get("seed")
    return resolve_battle_json(battle, Dice(seed))


def odds_command(data: object) -> dict[str, Any]:
    from rules_engine.witcher.fast_odds import estimate_odds  # numpy only when needed

    battle = parse_battle(data, extra_keys=("seed", "n"))
    request = cast(Mapping[str, Any], data)
    if "n" not in request:
        raise InvalidInput("n", "is required")
    return estimate_odds(battle, n=request["n"], dice=Dice(request.get("seed"))).to_dict()


COMMANDS: dict[str, Callable[[Any], Any]] = {
    "card": card_command,
    "resolve": resolve_command,
    "odds": odds_command,
}
