"""Fast odds: the rules of :mod:`~rules_engine.witcher.run`, vectorised over many battles.

Each battle of a batch is one column of numpy arrays. A phase is a loop of exchange rounds
over the battles still undecided (a shrinking subset); every battle of that subset has
played the same number of rounds, so the round limit is one counter. The DCs, commanders,
Luck pools, SR and the phase-3 choice come from the same
:class:`~rules_engine.witcher.plan.BattlePlan` as the narrative engine. Crucial moments are
drawn by their chance and a phase-3 skill left to the game master follows the automatic
policy (odds cannot pause). Casualties do not change who wins and are not rolled.

The draws come from ``numpy.random.default_rng`` seeded with one recorded roll of the
:class:`~rules_engine.dice.Dice` (purpose ``odds_stream_seed``), so an estimate replays from
its seed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.witcher import purposes
from rules_engine.witcher.army import PHASES, Skill
from rules_engine.witcher.battle import SIDES, Battle, LuckPolicy, Side
from rules_engine.witcher.plan import BattlePlan, plan_battle

MAX_N = 10_000_000
CHUNK = 1 << 17  # battles per batch: bounds memory for large n
STREAM_SEED_SIDES = 2**31 - 1

Ints = npt.NDArray[np.int64]
Bools = npt.NDArray[np.bool_]
ATTACKER, DEFENDER = 0, 1


@dataclass(frozen=True, slots=True)
class Odds:
    n: int
    attacker_win: float
    crushing: dict[str, float]  # {"attacker", "defender"}
    phase_win: dict[str, float]  # {"1", "2", "3"}: the attacker's share of each phase
    seed: int

    @property
    def standard_error(self) -> float:
        """The standard error of ``attacker_win``: sqrt(p (1 - p) / n), at most
        0.5 / sqrt(n) (0.35 points at n = 20,000)."""
        return math.sqrt(self.attacker_win * (1 - self.attacker_win) / self.n)

    def to_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "attacker_win": self.attacker_win,
            "standard_error": self.standard_error,
            "crushing": dict(self.crushing),
            "phase_win": dict(self.phase_win),
            "seed": self.seed,
        }


class _Simulator:
    def __init__(self, plan: BattlePlan, seed: int) -> None:
        battle = plan.battle
        tables = battle.tables
        self.rng = np.random.default_rng(seed)
        self.sr = plan.sr
        self.window = tables.crucial_moment.window
        self.points = tables.crucial_moment.points
        self.limit = tables.rounds_limit
        names = [list(plan.luck[side]) for side in SIDES]
        self.luck_start = [
            np.array([plan.luck[side][name] for name in names[s]], dtype=np.int64)
            for s, side in enumerate(SIDES)
        ]
        self.use_luck = battle.options.luck is LuckPolicy.AUTO and any(
            start.any() for start in self.luck_start
        )
        self.setups = plan.phases
        self.pool_row = [
            [names[s].index(setup.commanders[side].name) for s, side in enumerate(SIDES)]
            for setup in plan.phases
        ]
        self.moment_pct = [
            round(battle.crucial_moments[p].attacker_chance * 100)
            if p in battle.crucial_moments else None
            for p in PHASES
        ]  # fmt: skip
        # Phase-3 bases of each side, by phase-2 winner (who chooses the skill).
        third = plan.phases[2].commanders
        self.base3 = np.zeros((2, 2), dtype=np.int64)  # [chooser, side]
        for c, chooser in enumerate(SIDES):
            skill: Skill = plan.phase3_skill(chooser) or plan.auto_phase3_skill(chooser)
            for s, side in enumerate(SIDES):
                self.base3[c, s] = third[side].base(skill)
        self.bases12 = [
            [setup.commanders[side].base(Skill.TACTICS if setup.phase == 1 else Skill.COMMAND)
             for side in SIDES]
            for setup in plan.phases[:2]
        ]  # fmt: skip
        self.counts = {"attacker_win": 0, "crushing_attacker": 0, "crushing_defender": 0}
        self.phase_counts = [0, 0, 0]

    def _d10(self, size: int) -> Ints:
        rolls: Ints = self.rng.integers(1, 11, size=size, dtype=np.int64)
        return rolls

    def _points(self, base: Ints, dc: int, pool: Ints | None, cols: Ints) -> Ints:
        """Exchange points of one side's rolls; spends Luck from ``pool[cols]`` in place."""
        natural = self._d10(base.size)
        total = natural + base
        tens = np.flatnonzero(natural == 10)
        while tens.size:
            extra = self._d10(tens.size)
            total[tens] += extra
            tens = tens[extra == 10]
        ones = np.flatnonzero(natural == 1)
        if ones.size:
            total[ones] -= self._d10(ones.size)
        if pool is not None:
            need = dc + 1 - total
            left = pool[cols]
            spend = (need > 0) & (need <= left)
            if spend.any():
                total = np.where(spend, dc + 1, total)
                pool[cols] = left - np.where(spend, need, 0)
        points: Ints = np.maximum(total - dc, 0)
        return points

    def _phase(self, index: int, bases: tuple[Ints, Ints], pools: list[Ints] | None) -> Ints:
        """Winners (0 attacker, 1 defender) of phase ``index + 1`` for every battle."""
        size = bases[0].size
        setup = self.setups[index]
        dc_a, dc_d = setup.dc[Side.ATTACKER], setup.dc[Side.DEFENDER]
        rows = self.pool_row[index]
        pool_a = None if pools is None else pools[0][rows[0]]
        pool_d = None if pools is None else pools[1][rows[1]]
        winners: Ints = np.empty(size, dtype=np.int64)
        cols: Ints = np.arange(size, dtype=np.int64)
        base_a, base_d = bases
        total_a = np.zeros(size, dtype=np.int64)
        total_d = np.zeros(size, dtype=np.int64)
        pct = self.moment_pct[index]
        unplayed = np.ones(size, dtype=np.bool_) if pct is not None else None
        rounds = 0

        def settle(done: Bools) -> None:
            nonlocal cols, base_a, base_d, total_a, total_d, unplayed
            winners[cols[done]] = total_d[done] > total_a[done]
            keep = ~done
            cols, base_a, base_d = cols[keep], base_a[keep], base_d[keep]
            total_a, total_d = total_a[keep], total_d[keep]
            if unplayed is not None:
                unplayed = unplayed[keep]

        while cols.size:
            if unplayed is not None and pct is not None:
                due = unplayed & (np.maximum(total_a, total_d) >= self.sr - self.window)
                hit = np.flatnonzero(due)
                if hit.size:
                    won = self.rng.integers(1, 101, size=hit.size) <= pct
                    total_a[hit] += np.where(won, self.points, 0)
                    total_d[hit] += np.where(won, 0, self.points)
                    unplayed[hit] = False
                    done = due & (np.maximum(total_a, total_d) >= self.sr) & (total_a != total_d)
                    if done.any():
                        settle(done)
                        if not cols.size:
                            break
            rounds += 1
            total_a += self._points(base_a, dc_a, pool_a, cols)
            total_d += self._points(base_d, dc_d, pool_d, cols)
            done = (np.maximum(total_a, total_d) >= self.sr) & (total_a != total_d)
            if rounds >= self.limit:
                tied = ~done & (total_a == total_d)
                coin = self.rng.integers(0, 2, size=int(tied.sum()))
                total_d[tied] += coin  # the coin's winner edges ahead, for ``settle`` only
                total_a[tied] += 1 - coin
                done[:] = True
            if done.any():
                settle(done)
        return winners

    def run(self, size: int) -> None:
        pools = None  # Luck left: per side, one row per commander, one column per battle
        if self.use_luck:
            pools = [np.repeat(start[:, None], size, axis=1) for start in self.luck_start]
        phase_winners = []
        for index in (0, 1):
            a, d = self.bases12[index]
            bases = (np.full(size, a, dtype=np.int64), np.full(size, d, dtype=np.int64))
            phase_winners.append(self._phase(index, bases, pools))
        chooser = phase_winners[1]
        bases3 = (self.base3[chooser, ATTACKER], self.base3[chooser, DEFENDER])
        phase_winners.append(self._phase(2, bases3, pools))
        attacker_phases = sum((w == ATTACKER).astype(np.int64) for w in phase_winners)
        self.counts["attacker_win"] += int((attacker_phases >= 2).sum())
        self.counts["crushing_attacker"] += int((attacker_phases == 3).sum())
        self.counts["crushing_defender"] += int((attacker_phases == 0).sum())
        for index, w in enumerate(phase_winners):
            self.phase_counts[index] += int((w == ATTACKER).sum())


def estimate_odds(battle: Battle, *, n: int, dice: Dice) -> Odds:
    """Resolve ``n`` battles (1..10,000,000) and return the shares of each outcome."""
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_N:
        raise InvalidInput("n", f"must be an integer between 1 and {MAX_N}")
    plan = plan_battle(battle)
    stream_seed = dice.roll(STREAM_SEED_SIDES, purposes.odds_stream_seed())
    sim = _Simulator(plan, stream_seed)
    for start in range(0, n, CHUNK):
        sim.run(min(CHUNK, n - start))
    counts = sim.counts
    return Odds(
        n=n,
        attacker_win=counts["attacker_win"] / n,
        crushing={
            "attacker": counts["crushing_attacker"] / n,
            "defender": counts["crushing_defender"] / n,
        },
        phase_win={str(p): sim.phase_counts[p - 1] / n for p in PHASES},
        seed=dice.seed,
    )
