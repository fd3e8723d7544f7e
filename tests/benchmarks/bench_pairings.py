"""Swiss pairing benchmark (a script, not a test).

    python tests/benchmarks/bench_pairings.py [--repeats 5] [--rounds 7] [--seed 1]

For 256 and 1,024 players, plays ``--rounds`` rounds of a Swiss tournament (each round paired by
:func:`rules_engine.tournaments.pair`, each game won, drawn or lost by a draw of the engine's dice)
and then times the pairing of the next round, the one with that much history: medians of
``--repeats`` runs, CPU and wall time. Targets (issue 28): 256 players under 1 s, 1,024 under
10 s.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules_engine import Dice
from rules_engine.tournaments import Player, pair

TARGETS = {256: 1.0, 1024: 10.0}


def tournament(count: int, rounds: int, dice: Dice) -> list[Player]:
    """The players after ``rounds`` rounds, in ranking order (score, then entry order)."""
    players = [Player(f"p{i}", 0.0) for i in range(count)]
    for _ in range(rounds):
        pairing = pair(players)
        by_id = {p.id: p for p in players}
        gained = {p.id: 0.0 for p in players}
        met = {p.id: set(p.opponents) for p in players}
        byes = {p.id: p.byes for p in players}
        if pairing.bye:
            gained[pairing.bye] = 1.0
            byes[pairing.bye] += 1
        for a, b in pairing.pairs:
            roll = dice.d6("game result")
            gained[a], gained[b] = (
                (1.0, 0.0) if roll <= 3 else (0.5, 0.5) if roll == 4 else (0.0, 1.0)
            )
            met[a].add(b)
            met[b].add(a)
        players = sorted(
            (
                Player(p.id, p.score + gained[p.id], frozenset(met[p.id]), byes[p.id])
                for p in by_id.values()
            ),
            key=lambda p: (-p.score, int(p.id[1:])),
        )
    return players


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for count, target in TARGETS.items():
        players = tournament(count, args.rounds, Dice(seed=args.seed))
        cpu, wall = [], []
        for _ in range(args.repeats):
            start_cpu, start_wall = time.process_time(), time.perf_counter()
            pairing = pair(players)
            cpu.append(time.process_time() - start_cpu)
            wall.append(time.perf_counter() - start_wall)
        verdict = "met" if statistics.median(wall) < target else "NOT met"
        print(
            f"swiss {count} players, {args.rounds} rounds of history: "
            f"median {statistics.median(wall):.3f} s wall, {statistics.median(cpu):.3f} s CPU "
            f"(target {target:.0f} s: {verdict}); {len(pairing.pairs)} pairs, "
            f"{pairing.rematches(players)} rematches"
        )


if __name__ == "__main__":
    main()
