"""Fast odds: the rules of :mod:`~rules_engine.rotzball.match`, vectorised over many matches.

Each match of a batch is one column of numpy arrays; a turn is a handful of array operations,
and the turn table is read from :data:`~rules_engine.rotzball.table.TURN_TABLE` as lookup
arrays, so both engines apply the same rows. Matches still tied after regulation play
extra periods as a shrinking subset until each one is decided, exactly as the narrative
engine does (coin toss per period, second half to the other team, carry-over across
periods, possession judgement after each extra period).

The draws come from ``numpy.random.default_rng`` seeded with one recorded roll of the
:class:`~rules_engine.dice.Dice` ("odds stream seed"), so the estimate replays from its seed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.rotzball.options import CoachRule, MatchOptions
from rules_engine.rotzball.ratings import Ratings
from rules_engine.rotzball.rules import COACH_BONUS, EXTRA_HALF_TURNS, REGULATION_HALF_TURNS
from rules_engine.rotzball.rules import TACTIC_BONUS as TB
from rules_engine.rotzball.sheet import Tactic, TeamSheet
from rules_engine.rotzball.table import (
    COUNTER_TABLE,
    RESULTS,
    TURN_TABLE,
    Ball,
    Exchange,
    Result,
)

MAX_N = 10_000_000
CHUNK = 1 << 18  # matches per batch: bounds memory for large n
STREAM_SEED_SIDES = 2**31 - 1

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]


def _lookup(table: dict[tuple[Result, Result], Exchange]) -> tuple[Bools, Bools, Ints, Ints]:
    """Table rows as arrays indexed by ``4 * attack_result + defence_result``."""
    rows = [table[a, d] for a in RESULTS for d in RESULTS]
    return (
        np.array([row.goal for row in rows]),
        np.array([row.ball is Ball.STAYS and not row.goal for row in rows]),
        np.array([row.attacker_carry for row in rows], dtype=np.int64),
        np.array([row.defender_carry for row in rows], dtype=np.int64),
    )


MAIN_GOAL, MAIN_STAYS, MAIN_A_CARRY, MAIN_D_CARRY = _lookup(TURN_TABLE)
COUNTER_GOAL, COUNTER_STAYS, COUNTER_A_CARRY, COUNTER_D_CARRY = _lookup(COUNTER_TABLE)
MAIN_COUNTER = np.array([TURN_TABLE[a, d].ball is Ball.COUNTER for a in RESULTS for d in RESULTS])


def _codes(rolls: Ints, targets: Ints) -> Ints:
    """Result indices in :data:`RESULTS` order (CS, S, F, CF); see ``table.judge``."""
    success = rolls <= targets
    double = (rolls % 11 == 0) | (rolls == 100)
    codes: Ints = 2 * (~success) + (success != double)
    return codes


@dataclass(slots=True)
class _Batch:
    """Match state, one column per match; row 0 is home, row 1 away."""

    score: Ints
    possessions: Ints
    carry: Ints

    @classmethod
    def new(cls, size: int) -> _Batch:
        return cls(*(np.zeros((2, size), dtype=np.int64) for _ in range(3)))

    def select(self, keep: Bools) -> _Batch:
        return _Batch(self.score[:, keep], self.possessions[:, keep], self.carry[:, keep])


def share_standard_error(share: float, n: int) -> float:
    """The standard error of a share estimated from ``n`` independent matches:
    sqrt(p (1 - p) / n), at most 0.5 / sqrt(n) (0.35 points at n = 20,000)."""
    return math.sqrt(share * (1 - share) / n)


@dataclass(frozen=True, slots=True)
class Odds:
    n: int
    home_win: float
    away_win: float
    mean_home_goals: float
    mean_away_goals: float
    decided_by: dict[str, float]
    seed: int

    @property
    def standard_error(self) -> float:
        """The standard error of ``home_win`` (and of ``away_win``, its complement)."""
        return share_standard_error(self.home_win, self.n)

    def to_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "home_win": self.home_win,
            "away_win": self.away_win,
            "standard_error": self.standard_error,
            "mean_home_goals": self.mean_home_goals,
            "mean_away_goals": self.mean_away_goals,
            "decided_by": dict(self.decided_by),
            "seed": self.seed,
        }


class _Simulator:
    def __init__(self, home: TeamSheet, away: TeamSheet, options: MatchOptions, seed: int):
        ratings = (Ratings.of(home), Ratings.of(away))
        self.attack = np.array([r.attack for r in ratings], dtype=np.int64)
        self.defense = np.array([r.defense for r in ratings], dtype=np.int64)
        self.coach = np.array([[r.coach] for r in ratings], dtype=np.int64)
        codes = {Tactic.OFFENSIVE: 0, Tactic.DEFENSIVE: 1, Tactic.BALANCED: 2}
        self.plan = np.array([codes[home.tactic], codes[away.tactic]], dtype=np.int64)
        self.fixed_coach: Ints | None = None
        if options.coach_rule is CoachRule.DIFFERENCE:
            gap = int(self.coach[0, 0] - self.coach[1, 0])
            self.fixed_coach = np.array([[max(gap, 0)], [max(-gap, 0)]], dtype=np.int64)
        self.rng = np.random.default_rng(seed)
        self.totals = {"home_win": 0, "away_win": 0, "home_goals": 0, "away_goals": 0}
        self.decided = {"regulation": 0, "extra_time": 0, "possession": 0}

    def _d100(self, size: int) -> Ints:
        rolls: Ints = self.rng.integers(1, 101, size=(2, size), dtype=np.int64)
        return rolls

    def _turn(self, b: _Batch, init: Ints) -> Ints:
        """One turn for every match of ``b``; ``init`` is the initiative team (0 or 1)."""
        size = init.size
        cols = np.arange(size)
        other = 1 - init
        b.possessions[init, cols] += 1
        plan = self.plan[init]
        leading = b.score[init, cols] > b.score[other, cols]
        off = (plan == 0) | ((plan == 2) & ~leading)
        att = np.where(off, init, other)
        dfd = 1 - att
        if self.fixed_coach is None:
            coach = np.where(self._d100(size) <= self.coach + b.carry, COACH_BONUS, 0)
        else:
            coach = self.fixed_coach
        bonus = coach + b.carry
        bonus_a, bonus_d = bonus[att, cols], bonus[dfd, cols]
        rolls = self._d100(size)
        a_target = self.attack[att] + TB * off + bonus_a
        d_target = self.defense[dfd] + TB * ~off + bonus_d
        row = 4 * _codes(rolls[0], a_target) + _codes(rolls[1], d_target)
        goal_a = MAIN_GOAL[row]
        nxt = np.where(MAIN_STAYS[row], init, dfd)
        carry_a, carry_d = MAIN_A_CARRY[row], MAIN_D_CARRY[row]
        goal_d = np.zeros(size, dtype=np.bool_)
        ci = np.flatnonzero(MAIN_COUNTER[row])
        if ci.size:
            # The defence counter-attacks with this turn's modifiers: the initiative team
            # now rolls its other score, with the opposite tactic modifier.
            c_off = off[ci]
            c_rolls = self._d100(ci.size)
            c_target = self.attack[dfd[ci]] - TB * ~c_off + bonus_d[ci]
            cd_target = self.defense[att[ci]] - TB * c_off + bonus_a[ci]
            c_row = 4 * _codes(c_rolls[0], c_target) + _codes(c_rolls[1], cd_target)
            goal_d[ci] = COUNTER_GOAL[c_row]
            nxt[ci] = np.where(COUNTER_STAYS[c_row], dfd[ci], att[ci])
            carry_d[ci] += COUNTER_A_CARRY[c_row]
            carry_a[ci] += COUNTER_D_CARRY[c_row]
        b.score[att, cols] += goal_a
        b.score[dfd, cols] += goal_d
        b.carry[att, cols] = carry_a
        b.carry[dfd, cols] = carry_d
        nxt_ints: Ints = nxt
        return nxt_ints

    def _period(self, b: _Batch, half_turns: int) -> None:
        opener: Ints = self.rng.integers(0, 2, size=(b.score.shape[1],), dtype=np.int64)
        second: Ints = 1 - opener
        for start in (opener, second):
            init = start
            for _ in range(half_turns):
                init = self._turn(b, init)

    def _settle(self, b: _Batch, done: Bools, how: str, by_possession: bool = False) -> None:
        """Count the matches of ``b`` flagged ``done`` as decided ``how``."""
        key = b.possessions if by_possession else b.score
        self.decided[how] += int(done.sum())
        self.totals["home_win"] += int((done & (key[0] > key[1])).sum())
        self.totals["away_win"] += int((done & (key[0] < key[1])).sum())
        self.totals["home_goals"] += int(b.score[0, done].sum())
        self.totals["away_goals"] += int(b.score[1, done].sum())

    def run(self, size: int) -> None:
        b = _Batch.new(size)
        self._period(b, REGULATION_HALF_TURNS)
        tied = b.score[0] == b.score[1]
        self._settle(b, ~tied, "regulation")
        while tied.any():
            b = b.select(tied)
            self._period(b, EXTRA_HALF_TURNS)
            by_score = b.score[0] != b.score[1]
            self._settle(b, by_score, "extra_time")
            by_possession = ~by_score & (b.possessions[0] != b.possessions[1])
            self._settle(b, by_possession, "possession", by_possession=True)
            tied = ~(by_score | by_possession)


def estimate_odds(
    home: TeamSheet, away: TeamSheet, *, n: int, dice: Dice, options: MatchOptions | None = None
) -> Odds:
    """Play ``n`` matches (1..10,000,000) and return the shares of each outcome."""
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_N:
        raise InvalidInput("n", f"must be an integer between 1 and {MAX_N}")
    stream_seed = dice.roll(STREAM_SEED_SIDES, "odds stream seed")
    sim = _Simulator(home, away, options or MatchOptions(), stream_seed)
    for start in range(0, n, CHUNK):
        sim.run(min(CHUNK, n - start))
    t = sim.totals
    return Odds(
        n=n,
        home_win=t["home_win"] / n,
        away_win=t["away_win"] / n,
        mean_home_goals=t["home_goals"] / n,
        mean_away_goals=t["away_goals"] / n,
        decided_by={how: count / n for how, count in sim.decided.items()},
        seed=dice.seed,
    )
