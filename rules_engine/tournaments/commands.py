"""Command-line commands of the pairing tools: each takes the JSON read on stdin, returns JSON.

* ``swiss``: ``{"players": [{"id", "score", "opponents"?, "byes"?}, ...], "avoid_rematch"?,
  "shape"?}`` (players in ranking order, best first) -> ``{"pairs": [[id, id], ...],
  "bye": id or null}``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_engine.tournaments.parse import swiss_request
from rules_engine.tournaments.swiss import pair


def swiss_command(data: object) -> dict[str, Any]:
    players, avoid_rematch, shape = swiss_request(data)
    pairing = pair(players, avoid_rematch=avoid_rematch, shape=shape)
    return {"pairs": [list(p) for p in pairing.pairs], "bye": pairing.bye}


COMMANDS: dict[str, Callable[[Any], Any]] = {"swiss": swiss_command}
