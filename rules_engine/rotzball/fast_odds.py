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


DOUBLES = np.array([roll % 11 == 0 or roll == 100 for roll in range(101)])
"""Whether each d100 roll (1..100) is a double (11, 22, ..., 99, and 100), by its value."""


def _codes(rolls: Ints, targets: Ints) -> Ints:
    """Result indices in :data:`RESULTS` order (CS, S, F, CF); see ``table.judge``."""
    success = rolls <= targets
    double = DOUBLES[rolls]  # (rolls % 11 == 0) | (rolls == 100), without a division
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


BATCH_COLUMNS = 1 << 17
"""Matches played together by :func:`estimate_odds_many` (several fixtures side by side): 65
fixtures of 2,000 matches, a peak of about 75 MB for a season's 380 (270 MB at 1 << 20, no
faster on 2 shared cores)."""


@dataclass(slots=True)
class _Sides:
    """Each column's fixture and its teams' figures (row 0 home, row 1 away) for a period."""

    owner: Ints
    plan: Ints
    attack: Ints
    defense: Ints
    coach: Ints
    fixed_coach: Ints | None


class _Fixtures:
    """Several fixtures' matches side by side, one column per match (``owner``: the fixture of
    each column), each fixture drawing from its own generator exactly what :class:`_Simulator`
    draws for it alone, in the same order: its columns are contiguous and in its own order, so
    a draw of ``size`` values for the whole batch is, for each fixture, its own draw of its
    columns' count (a draw of nothing is skipped: it takes nothing from the stream)."""

    def __init__(self, games: list[tuple[TeamSheet, TeamSheet, int]], options: MatchOptions):
        ratings = [(Ratings.of(home), Ratings.of(away)) for home, away, _seed in games]
        self.attack = np.array([[h.attack for h, _a in ratings], [a.attack for _h, a in ratings]])
        self.defense = np.array(
            [[h.defense for h, _a in ratings], [a.defense for _h, a in ratings]]
        )
        self.coach = np.array([[h.coach for h, _a in ratings], [a.coach for _h, a in ratings]])
        codes = {Tactic.OFFENSIVE: 0, Tactic.DEFENSIVE: 1, Tactic.BALANCED: 2}
        self.plan = np.array(
            [[codes[h.tactic] for h, _a, _s in games], [codes[a.tactic] for _h, a, _s in games]]
        )
        self.fixed = options.coach_rule is CoachRule.DIFFERENCE
        gap = self.coach[0] - self.coach[1]
        self.fixed_coach = np.stack([np.maximum(gap, 0), np.maximum(-gap, 0)])
        self.rngs = [np.random.default_rng(seed) for _h, _a, seed in games]
        f = len(games)
        self.home_win = np.zeros(f, dtype=np.int64)
        self.away_win = np.zeros(f, dtype=np.int64)
        self.home_goals = np.zeros(f, dtype=np.int64)
        self.away_goals = np.zeros(f, dtype=np.int64)
        self.decided = {how: np.zeros(f, dtype=np.int64) for how in ("regulation", "extra_time")}
        self.decided["possession"] = np.zeros(f, dtype=np.int64)

    def _draw(self, counts: Ints, rows: int, low: int, high: int) -> Ints:
        """``rows × counts[k]`` values of ``[low, high)`` from each fixture ``k``'s generator,
        side by side (``rows × counts.sum()``), each fixture's block drawn as one
        ``(rows, counts[k])`` array."""
        parts = [  # a flat draw: the same values in the same order, without np.prod(size)
            self.rngs[k].integers(low, high, size=rows * count, dtype=np.int64).reshape(rows, count)
            for k, count in enumerate(counts.tolist())
            if count
        ]
        if not parts:
            return np.zeros((rows, 0), dtype=np.int64)
        drawn: Ints = np.concatenate(parts, axis=1)
        return drawn

    def _turn(self, b: _Batch, side: _Sides, counts: Ints, init: Ints) -> Ints:
        """:meth:`_Simulator._turn` for every match of every fixture of the batch, each side's
        figures read from its own row (``side``: home's and away's, column by column) rather
        than gathered by team index: the same arithmetic on the same values."""
        home_init = init == 0
        b.possessions[0] += home_init
        b.possessions[1] += ~home_init
        plan = np.where(home_init, side.plan[0], side.plan[1])
        leading = np.where(home_init, b.score[0] > b.score[1], b.score[1] > b.score[0])
        off = (plan == 0) | ((plan == 2) & ~leading)
        home_att = home_init == off  # the attacker is home: dfd = 1 - att is 1
        if side.fixed_coach is not None:
            coach = side.fixed_coach
            rolls = self._draw(counts, 2, 1, 101)
        else:
            # the coach test's and the turn's rolls follow each other in each fixture's stream
            both = self._draw(counts, 4, 1, 101)
            coach = np.where(both[:2] <= side.coach + b.carry, COACH_BONUS, 0)
            rolls = both[2:]
        bonus = coach + b.carry
        bonus_a = np.where(home_att, bonus[0], bonus[1])
        bonus_d = np.where(home_att, bonus[1], bonus[0])
        a_target = np.where(home_att, side.attack[0], side.attack[1]) + TB * off + bonus_a
        d_target = np.where(home_att, side.defense[1], side.defense[0]) + TB * ~off + bonus_d
        row = 4 * _codes(rolls[0], a_target) + _codes(rolls[1], d_target)
        goal_a = MAIN_GOAL[row]
        nxt: Ints = np.where(MAIN_STAYS[row], init, home_att.astype(np.int64))
        carry_a, carry_d = MAIN_A_CARRY[row], MAIN_D_CARRY[row]
        goal_d = np.zeros(init.size, dtype=np.bool_)
        ci = np.flatnonzero(MAIN_COUNTER[row])
        if ci.size:
            c_off, c_home_att = off[ci], home_att[ci]
            c_rolls = self._draw(np.bincount(side.owner[ci], minlength=counts.size), 2, 1, 101)
            c_attack = np.where(c_home_att, side.attack[1, ci], side.attack[0, ci])
            c_defense = np.where(c_home_att, side.defense[0, ci], side.defense[1, ci])
            c_target = c_attack - TB * ~c_off + bonus_d[ci]
            cd_target = c_defense - TB * c_off + bonus_a[ci]
            c_row = 4 * _codes(c_rolls[0], c_target) + _codes(c_rolls[1], cd_target)
            goal_d[ci] = COUNTER_GOAL[c_row]
            nxt[ci] = np.where(COUNTER_STAYS[c_row], c_home_att, ~c_home_att)
            carry_d[ci] += COUNTER_A_CARRY[c_row]
            carry_a[ci] += COUNTER_D_CARRY[c_row]
        b.score[0] += np.where(home_att, goal_a, goal_d)
        b.score[1] += np.where(home_att, goal_d, goal_a)
        b.carry[0] = np.where(home_att, carry_a, carry_d)
        b.carry[1] = np.where(home_att, carry_d, carry_a)
        return nxt

    def _period(self, b: _Batch, owner: Ints, counts: Ints, half_turns: int) -> None:
        side = _Sides(
            owner,
            self.plan[:, owner],
            self.attack[:, owner],
            self.defense[:, owner],
            self.coach[:, owner],
            self.fixed_coach[:, owner] if self.fixed else None,
        )
        opener = self._draw(counts, 1, 0, 2)[0]
        for start in (opener, 1 - opener):
            init = start
            for _ in range(half_turns):
                init = self._turn(b, side, counts, init)

    def _settle(
        self, b: _Batch, owner: Ints, done: Bools, how: str, by_possession: bool = False
    ) -> None:
        key = b.possessions if by_possession else b.score
        f = self.home_win.size
        self.decided[how] += np.bincount(owner[done], minlength=f)
        self.home_win += np.bincount(owner[done & (key[0] > key[1])], minlength=f)
        self.away_win += np.bincount(owner[done & (key[0] < key[1])], minlength=f)
        for goals, side in ((self.home_goals, 0), (self.away_goals, 1)):
            goals += np.bincount(owner[done], weights=b.score[side, done], minlength=f).astype(
                np.int64
            )

    def run(self, n: int) -> None:
        """``n`` matches of each fixture, as :meth:`_Simulator.run` plays them."""
        f = self.home_win.size
        owner: Ints = np.repeat(np.arange(f, dtype=np.int64), n)
        counts: Ints = np.full(f, n, dtype=np.int64)
        b = _Batch.new(f * n)
        self._period(b, owner, counts, REGULATION_HALF_TURNS)
        tied = b.score[0] == b.score[1]
        self._settle(b, owner, ~tied, "regulation")
        while tied.any():
            b, owner = b.select(tied), owner[tied]
            counts = np.bincount(owner, minlength=f)
            self._period(b, owner, counts, EXTRA_HALF_TURNS)
            by_score = b.score[0] != b.score[1]
            self._settle(b, owner, by_score, "extra_time")
            by_possession = ~by_score & (b.possessions[0] != b.possessions[1])
            self._settle(b, owner, by_possession, "possession", by_possession=True)
            tied = ~(by_score | by_possession)


def estimate_odds_many(
    games: list[tuple[TeamSheet, TeamSheet, Dice]],
    *,
    n: int,
    options: MatchOptions | None = None,
) -> list[Odds]:
    """:func:`estimate_odds` of each ``(home, away, dice)`` of ``games``, with the same ``n``
    and options: the same figures, each game drawing from its own dice exactly what it draws
    alone, but their matches played side by side (a few fixtures' worth of numpy calls
    instead of each fixture's). ``n`` above :data:`CHUNK` plays each game alone."""
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_N:
        raise InvalidInput("n", f"must be an integer between 1 and {MAX_N}")
    options = options or MatchOptions()
    if n > CHUNK:
        return [
            estimate_odds(home, away, n=n, dice=dice, options=options) for home, away, dice in games
        ]
    seeds = [dice.roll(STREAM_SEED_SIDES, "odds stream seed") for _h, _a, dice in games]
    found: list[Odds] = []
    per_batch = max(1, BATCH_COLUMNS // n)
    for start in range(0, len(games), per_batch):
        part = range(start, min(start + per_batch, len(games)))
        sim = _Fixtures([(games[i][0], games[i][1], seeds[i]) for i in part], options)
        sim.run(n)
        for k, i in enumerate(part):
            found.append(
                Odds(
                    n=n,
                    home_win=int(sim.home_win[k]) / n,
                    away_win=int(sim.away_win[k]) / n,
                    mean_home_goals=int(sim.home_goals[k]) / n,
                    mean_away_goals=int(sim.away_goals[k]) / n,
                    decided_by={how: int(c[k]) / n for how, c in sim.decided.items()},
                    seed=games[i][2].seed,
                )
            )
    return found
