"""Team sheets and dice for the engine tests."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from rules_engine.dice import Dice


def sheet(
    name: str = "Home",
    *,
    attack: int = 50,
    defense: int = 40,
    coach: int = 40,
    tactic: str | None = "balanced",
) -> dict[str, Any]:
    """A valid sheet whose every player has the same characteristics, so that the team's
    Attack, Defense and Coach ratings are exactly ``attack``, ``defense`` and ``coach``."""

    def attacker(player: str) -> dict[str, Any]:
        return {"name": player, "E": attack, "Ag": attack, "F": attack}

    data: dict[str, Any] = {
        "name": name,
        "passer": attacker(f"{name} passer"),
        "attackers": [attacker(f"{name} attacker {i}") for i in (1, 2)],
        "defenders": [
            {"name": f"{name} defender {i}", "E": defense, "Ag": defense} for i in (1, 2, 3)
        ],
        "coach": {"name": f"{name} coach", "Ag": coach, "Int": coach},
    }
    if tactic is not None:
        data["tactic"] = tactic
    return data


class PrefixDice(Dice):
    """Scripted values for the first draws, then ordinary seeded draws.

    For tests that pin the first turns of a match and only need the rest to finish.
    """

    def __init__(self, prefix: Iterable[int], seed: int = 0) -> None:
        super().__init__(seed)
        self.prefix = deque(prefix)

    def roll(self, sides: int, purpose: str) -> int:
        if not self.prefix:
            return super().roll(sides, purpose)
        self._script = iter([self.prefix.popleft()])  # checked and recorded as scripted
        try:
            return super().roll(sides, purpose)
        finally:
            self._script = None


# Rolls against the standard test teams (attack 50, defense 40, coach 40). Doubles are
# 11, 22, ... 99 and 100; each value is chosen to give one result against one target.
FAIL_COACH = 98  # over 40, not a double
PASS_COACH = 10
QUIET = [FAIL_COACH, FAIL_COACH, 97, 96]  # coach tests fail, A=F v D=F: the ball stays
