"""Rotzball speed benchmark (a script, not a test: timings do not belong in CI asserts).

    python tests/benchmarks/bench_rotzball.py [--repeats 7] [--matches 2000] [--n 20000]

Prints medians over several repeats of

* ``simulate``: full narrative matches per second in one process, through the public
  :func:`rules_engine.rotzball.simulate` (sheet validation, turn log and full roll log
  included). Target (issue 14): >= 20,000 matches/s.
* ``odds``: wall time of one fixture's odds, the vectorised estimate at the n the betting
  hook uses (``systems.rotzball.selectors.preview.BETTING_MATCHES``, 20,000 matches: a standard error
  of at most 0.35 points), with the standard error it returns. Target (issue 14): < 50 ms.
  The same call at n = 100,000 is printed beside it, for comparison with older figures.

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

SIMULATE_TARGET = 20_000  # matches per second
ODDS_TARGET = 0.050  # seconds for one fixture's odds at the betting hook's n
# systems.rotzball.selectors.preview.BETTING_MATCHES (the engine imports no Django)
BETTING_N = 20_000


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


def bench_odds(n: int, repeats: int) -> tuple[float, float, float]:
    """Median seconds for one ``odds`` call over ``n`` matches (wall and CPU), and the
    median standard error it returned."""
    walls, cpus, errors = [], [], []
    for seed in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        result = odds(HOME, AWAY, n=n, seed=seed)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        errors.append(result["standard_error"])
    return statistics.median(walls), statistics.median(cpus), statistics.median(errors)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--matches", type=int, default=2000, help="matches per simulate run")
    parser.add_argument("--n", type=int, default=BETTING_N, help="matches per odds call")
    args = parser.parse_args()

    simulate(HOME, AWAY, seed=0)  # warm up imports and caches
    odds(HOME, AWAY, n=1000, seed=0)
    wall_rate, cpu_rate = bench_simulate(args.matches, args.repeats)
    print(
        f"simulate: median {wall_rate:,.0f} matches/s wall ({cpu_rate:,.0f}/s CPU) "
        f"over {args.repeats} x {args.matches} matches, full roll log "
        f"[target >= {SIMULATE_TARGET:,}/s: {'ok' if wall_rate >= SIMULATE_TARGET else 'MISSED'}]"
    )
    for n in dict.fromkeys((args.n, 100_000)):
        wall_s, cpu_s, error = bench_odds(n, args.repeats)
        verdict = ""
        if n == args.n:
            verdict = f" [target < {ODDS_TARGET * 1000:g} ms: "
            verdict += ("ok" if wall_s < ODDS_TARGET else "MISSED") + "]"
        print(
            f"odds:     median {wall_s * 1000:.1f} ms wall ({cpu_s * 1000:.1f} ms CPU) for "
            f"n={n:,} over {args.repeats} calls, standard error {100 * error:.2f} points"
            f"{verdict}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
