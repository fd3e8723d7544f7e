"""The small dicts of a match's turn log and roll log, made once and shared between matches.

Each turn of the log holds about ten small dicts (targets, modifiers, coach tests, the
attack and the defence) besides its roll entries, and making and freeing those dicts took
about half of a simulated match. Each of them is a function of a few small ints (a coach
test: its target and roll; the score: two goal counts), and few such keys come up: so each
piece is made the first time its key comes up and that same dict object is written wherever
it comes up again, in this match or in any later one. The JSON is exactly the same; only
equal pieces are now one object.

So a record is read-only: a caller that wants to edit one copies it first
(``copy.deepcopy``); editing a piece in place would edit it in every match that holds it.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from rules_engine.dice import RollEntries, roll_entries
from rules_engine.rotzball.table import RESULTS, judge
from rules_engine.shared_pieces import LIMIT, SharedPieces

HOME = "home"
AWAY = "away"
TEAMS = (HOME, AWAY)


class RollRows[V](dict[int, tuple[V, ...]]):
    """Log pieces of d100 rolls by target, then by roll: ``rows[target][roll]``, the row of
    a target (a tuple indexed by the roll; index 0, a piece for no roll, is never read) made
    the first time the target comes up. A target is a small int, and CPython keeps one
    object for each small int: the lookup finds it by identity, much faster than a
    ``(target, roll)`` tuple key, which is built, hashed and compared at each roll."""

    __slots__ = ("make_row",)

    def __init__(self, make_row: Callable[[int], tuple[V, ...]]) -> None:
        super().__init__()
        self.make_row = make_row

    def __missing__(self, target: int) -> tuple[V, ...]:
        if len(self) >= LIMIT // 100:
            self.clear()
        row = self[target] = self.make_row(target)
        return row


# A fresh process makes some hundred rows before its tables hold every target that comes up:
# each row is made by one comprehension, not by a call per roll.
_ROLLS = range(101)


def _coach_test_row(target: int) -> tuple[dict[str, Any], ...]:
    return tuple({"target": target, "roll": roll, "success": roll <= target} for roll in _ROLLS)


_TEXT = tuple(result.value for result in RESULTS)
_ON_SUCCESS = (-1, *(RESULTS.index(judge(roll, roll)) for roll in range(1, 101)))
_ON_FAILURE = (-1, *(RESULTS.index(judge(roll, roll - 1)) for roll in range(1, 101)))
"""By roll (1..100): its result when it succeeds (at or under the target), when it fails, as
an index of ``RESULTS`` (:func:`~rules_engine.rotzball.table.judge` read once per roll: a
fresh process meets a few thousand new exchange rolls before its tables are full)."""


def _exchange_row(team: str, target: int) -> tuple[tuple[dict[str, Any], int], ...]:
    """``team``'s attack, defence or counter-attack rolls against ``target`` and their
    results, as indices of ``RESULTS``."""
    results = [_ON_SUCCESS[roll] if roll <= target else _ON_FAILURE[roll] for roll in _ROLLS]
    return tuple(
        ({"team": team, "target": target, "roll": roll, "result": _TEXT[result]}, result)
        for roll, result in enumerate(results)
    )


def _targets(attack: int, defence: int) -> dict[str, int]:
    return {"attack": attack, "defence": defence}


def _team_modifiers(tactic: int, coach: int, carry_over: int) -> dict[str, int]:
    return {"tactic": tactic, "coach": coach, "carry_over": carry_over}


def _modifiers(
    home_tactic: int, home_coach: int, home_carry: int, away_tactic: int, away_coach: int,
    away_carry: int,
) -> dict[str, dict[str, int]]:  # fmt: skip
    return {
        HOME: TEAM_MODIFIERS[home_tactic, home_coach, home_carry],
        AWAY: TEAM_MODIFIERS[away_tactic, away_coach, away_carry],
    }


def _by_team(home: int, away: int) -> dict[str, int]:
    return {HOME: home, AWAY: away}


COACH_TESTS: RollRows[dict[str, Any]] = RollRows(_coach_test_row)
"""A coach test (either team's) by target, then roll."""
EXCHANGE_ROLLS: dict[str, RollRows[tuple[dict[str, Any], int]]] = {
    team: RollRows(partial(_exchange_row, team)) for team in TEAMS
}
"""By team, its attack, defence or counter-attack rolls with their result indices, by
target, then roll."""
TARGETS: SharedPieces[tuple[int, int], dict[str, int]] = SharedPieces(_targets)
"""A turn's ``targets`` by (attack, defence)."""
TEAM_MODIFIERS: SharedPieces[tuple[int, int, int], dict[str, int]] = SharedPieces(_team_modifiers)
MODIFIERS: SharedPieces[tuple[int, ...], dict[str, dict[str, int]]] = SharedPieces(_modifiers)
"""A turn's ``modifiers`` by (tactic, coach, carry-over) of home, then of away."""
BY_TEAM: SharedPieces[tuple[int, int], dict[str, int]] = SharedPieces(_by_team)
"""``{"home": h, "away": a}``: a score, or the carry-overs into the next turn."""

ROLL_ENTRIES: SharedPieces[tuple[int, str], RollEntries] = SharedPieces(roll_entries)
"""The roll entries (:func:`~rules_engine.dice.roll_entries`) by sides and purpose: the
match's d100 purposes and its coin tosses (d2)."""


def d100_entries(purpose: str) -> RollEntries:
    """The shared d100 roll entries of ``purpose`` (one of the engine's few purposes)."""
    return ROLL_ENTRIES[100, purpose]
