"""Roll results and the turn table ("Table des résultats de tour"), as data.

Both the narrative engine (:mod:`~rules_engine.rotzball.match`) and the vectorised odds
(:mod:`~rules_engine.rotzball.fast_odds`) read the same :data:`TURN_TABLE`, so the two cannot
disagree on a row.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum

GALVANISED = 20  # "+20% à tous les jets au tour suivant"
DISORGANISED = -20  # "-20% pour tous les jets au tour suivant"


class Result(StrEnum):
    """The outcome of one 1D100 roll against a target."""

    CS = "CS"  # critical success: a double at or under the target
    S = "S"
    F = "F"
    CF = "CF"  # critical failure: a double over the target


RESULTS: tuple[Result, ...] = tuple(Result)  # index order used by the odds arrays


def is_double(roll: int) -> bool:
    """11, 22, ... 99 and 100 ("00") are doubles."""
    return roll == 100 or roll % 11 == 0


def judge(roll: int, target: int) -> Result:
    """Success if ``roll <= target``; a double is critical either way.

    Targets are not clamped: at 100 or more every roll succeeds (every double is then a
    critical success), below 1 every roll fails (every double is a critical failure).
    """
    if roll <= target:
        return Result.CS if is_double(roll) else Result.S
    return Result.CF if is_double(roll) else Result.F


class Ball(Enum):
    """Where the ball goes after an exchange that scored no goal."""

    STAYS = "stays"  # with the team that held it when the exchange began
    DEFENDER = "defender"  # the defending team takes it
    COUNTER = "counter"  # the defending team takes it and counter-attacks this turn


@dataclass(frozen=True, slots=True)
class Exchange:
    """One row of the turn table: an attack result against a defence result.

    After a goal the ball goes to the team that conceded, the defending team, so ``ball`` is
    :attr:`Ball.DEFENDER` on every goal row. ``attacker_carry`` and ``defender_carry`` are
    the modifiers each side takes into the next turn.
    """

    goal: bool
    ball: Ball
    attacker_carry: int = 0
    defender_carry: int = 0


def _row(attack: Result, defence: Result) -> Exchange:
    """Build a row from the rule text's lines, in the order RULES_NOTES 1 lists them."""
    if attack is Result.CS and defence is Result.CS:
        return Exchange(goal=False, ball=Ball.STAYS)  # nothing at all happens
    defender_carry = DISORGANISED if defence is Result.CF else 0  # whatever else happens
    if attack is Result.CS:
        return Exchange(True, Ball.DEFENDER, GALVANISED, defender_carry)
    attacker_carry = DISORGANISED if attack is Result.CF else 0
    if defence is Result.CS:
        return Exchange(False, Ball.COUNTER, attacker_carry, defender_carry)
    if attack is Result.CF:
        return Exchange(False, Ball.DEFENDER, attacker_carry, defender_carry)
    if attack is Result.S:
        goal = defence is not Result.S  # A=S against F or CF scores; A=S, D=S: ball stays
        return Exchange(goal, Ball.DEFENDER if goal else Ball.STAYS, 0, defender_carry)
    # attack is F: against S the defending team takes the ball, against F or CF it stays
    ball = Ball.DEFENDER if defence is Result.S else Ball.STAYS
    return Exchange(False, ball, 0, defender_carry)


TURN_TABLE: dict[tuple[Result, Result], Exchange] = {
    (attack, defence): _row(attack, defence) for attack in RESULTS for defence in RESULTS
}
"""The table for the turn's main exchange."""

COUNTER_TABLE: dict[tuple[Result, Result], Exchange] = {
    key: (
        Exchange(row.goal, Ball.DEFENDER, row.attacker_carry, row.defender_carry)
        if row.ball is Ball.COUNTER
        else row
    )
    for key, row in TURN_TABLE.items()
}
"""The same table for a counter-attack: a critical success of the defence only wins the
ball back, there is no second counter-attack."""


def exchange(attack: Result, defence: Result, *, counter: bool = False) -> Exchange:
    return (COUNTER_TABLE if counter else TURN_TABLE)[attack, defence]
