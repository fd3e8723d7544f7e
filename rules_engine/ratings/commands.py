"""Command-line commands of the ratings tools: each takes the JSON read on stdin, returns JSON.

* ``glicko2``: ``{"player": {"rating", "rd", "volatility"}, "games": [{"rating", "rd",
  "score"}, ...], "tau"?}`` -> ``{"rating", "rd", "volatility"}`` after one rating period
  (``tau`` defaults to 0.5; ``games`` may be empty). Floats, unrounded.
* ``expect``: ``{"a": {"rating", "rd"}, "b": {"rating", "rd"}}`` -> ``{"expected"}``, a's
  expected score against b.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_engine.ratings.glicko2 import expected, rate
from rules_engine.ratings.parse import expect_request, glicko2_request


def glicko2_command(data: object) -> dict[str, float]:
    player, games, tau = glicko2_request(data)
    new = rate(player, games, tau=tau)
    return {"rating": new.rating, "rd": new.rd, "volatility": new.volatility}


def expect_command(data: object) -> dict[str, float]:
    return {"expected": expected(*expect_request(data))}


COMMANDS: dict[str, Callable[[Any], Any]] = {
    "glicko2": glicko2_command,
    "expect": expect_command,
}
