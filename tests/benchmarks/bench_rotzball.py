"""Rotzball speed benchmark (a script, not a test: timings do not belong in CI asserts).

    python tests/benchmarks/bench_rotzball.py [--repeats 7] [--matches 2000] [--n 100000]

Prints medians over several repeats of

* ``simulate``: full narrative matches per second in one process, through the public
  :func:`rules_engine.rotzball.simulate` (sheet validation, turn log and full roll log
  included). Target: >= 5,000 matches/s.
* ``odds``: wall time of one vectorised estimate over ``n`` matches. Target: < 1 s at
  n = 100,000.

Wall time is what a user waits; CPU time is printed beside it because a shared machine
makes wall time noisy.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules_engine.rotzball import odds, simulate

SIMULATE_TARGET = 5_000  # matches per second
ODDS_TARGET = 1.0  # seconds for n = 100,000


def _attacker(name: str, e: int, ag: int, f: int) -> dict[str, Any]:
    return {"name": name, "E": e, "Ag": ag, "F": f}


HOME = {
    "name": "Middenheim Wolves",
    "tactic": "balanced",
    "passer": _attacker("Kurt", 48, 44, 41),
    "attackers": [_attacker("Anselm", 42, 38, 45), _attacker("Brunhilde", 37, 46, 39)],
    "defenders": [
        {"name": "Dieter", "E": 45, "Ag": 33},
        {"name": "Ernst", "E": 41, "Ag": 38},
        {"name": "Frieda", "E": 50, "Ag": 29},
    ],
    "coach": {"name": "Otto", "Ag": 34, "Int": 47},
}
AWAY = {
    "name": "Altdorf Griffons",
    "tactic": "offensive",
    "passer": _attacker("Gustav", 44, 47, 38),
    "attackers": [_attacker("Hanna", 40, 41, 40), _attacker("Ingo", 43, 35, 44)],
    "defenders": [
        {"name": "Jutta", "E": 39, "Ag": 42},
        {"name": "Klaus", "E": 47, "Ag": 31},
        {"name": "Liesel", "E": 44, "Ag": 36},
    ],
    "coach": {"name": "Magda", "Ag": 41, "Int": 39},
}


def _timed(fn: Callable[[], object]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def bench_simulate(matches: int, repeats: int) -> tuple[float, float]:
    """Median matches/s over ``repeats`` runs, by wall time and by CPU time."""
    walls, cpus = [], []
    for repeat in range(repeats):
        base = repeat * matches

        def run(base: int = base) -> None:
            for seed in range(base, base + matches):
                simulate(HOME, AWAY, seed=seed)

        wall, cpu = _timed(run)
        walls.append(matches / wall)
        cpus.append(matches / cpu)
    return statistics.median(walls), statistics.median(cpus)


def bench_odds(n: int, repeats: int) -> tuple[float, float]:
    """Median seconds for one ``odds`` call over ``n`` matches, wall and CPU."""
    runs = [_timed(lambda seed=seed: odds(HOME, AWAY, n=n, seed=seed)) for seed in range(repeats)]
    return statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--matches", type=int, default=2000, help="matches per simulate run")
    parser.add_argument("--n", type=int, default=100_000, help="matches per odds call")
    args = parser.parse_args()

    simulate(HOME, AWAY, seed=0)  # warm up imports and caches
    odds(HOME, AWAY, n=1000, seed=0)
    wall_rate, cpu_rate = bench_simulate(args.matches, args.repeats)
    print(
        f"simulate: median {wall_rate:,.0f} matches/s wall ({cpu_rate:,.0f}/s CPU) "
        f"over {args.repeats} x {args.matches} matches, full roll log "
        f"[target >= {SIMULATE_TARGET:,}/s: {'ok' if wall_rate >= SIMULATE_TARGET else 'MISSED'}]"
    )
    wall_s, cpu_s = bench_odds(args.n, args.repeats)
    verdict = "ok" if wall_s < ODDS_TARGET or args.n != 100_000 else "MISSED"
    print(
        f"odds:     median {wall_s:.3f} s wall ({cpu_s:.3f} s CPU) for n={args.n:,} "
        f"over {args.repeats} calls [target < {ODDS_TARGET:g} s at n=100,000: {verdict}]"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
