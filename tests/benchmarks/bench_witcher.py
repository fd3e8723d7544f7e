"""Witcher battles speed benchmark (a script, not a test: timings do not belong in CI asserts).

    python tests/benchmarks/bench_witcher.py [--repeats 7] [--battles 2000] [--n 20000]

Prints medians over several repeats of

* ``resolve``: full narrative battles per second in one process, through the public
  :func:`rules_engine.witcher.resolve` (parsing, cards, event log, casualties and the full
  roll log included). Target (issue 14): >= 10,000 battles/s.
* ``resume``: one browser step of a stored battle: load the JSON state, replay it, play one
  exchange round, store it again (the cost of a stepped battle per request).
* ``odds``: wall time of one battle's odds, the vectorised estimate at the largest n the
  pages and the API use (``battles.views.public.ODDS_N``, 20,000 battles: a standard error
  of at most 0.35 points), with the standard error it returns. Target (issue 14): < 50 ms.
  The same call at n = 100,000 is printed beside it, for comparison with older figures.

Wall time is what a user waits; CPU time is printed beside it because a shared machine
makes wall time noisy.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rules_engine import Dice
from rules_engine.witcher import BattleRun, odds, parse_battle, resolve

RESOLVE_TARGET = 10_000  # battles per second
ODDS_TARGET = 0.050  # seconds for one battle's odds at the pages' n
PAGES_N = 20_000  # battles.views.public.ODDS_N (the engine imports no Django)


def _troop(name: str, dc: int, count: int, phase: int | None = None) -> dict[str, Any]:
    return {"name": name, "dc": dc, "count": count, "phase": phase}


BATTLE: dict[str, Any] = {
    "attacker": {
        "name": "Wild Hunt",
        "commander": {"name": "Nagh'Khaladh", "tactics": 15, "command": 18, "luck": 3},
        "troops": [
            _troop("Warriors", 18, 110),
            _troop("Hounds", 18, 80, 2),
            _troop("Navigators", 20, 10, 2),
        ],
        "deployment": {"3": 300},
    },
    "defender": {
        "name": "Auld Alliance",
        "commander": {"name": "Rhundurin", "tactics": 16, "command": 16, "luck": 3},
        "seconds": {
            "1": {"name": "Seliad", "tactics": 16, "command": 12, "luck": 2},
            "2": {"name": "Irlyena", "tactics": 12, "command": 15, "luck": 2},
        },
        "works": {"fortifications": True, "prepared": True},
        "troops": [
            _troop("Militia", 12, 30),
            _troop("Skelligers", 16, 30),
            _troop("Scoia'tael", 16, 14, 1),
            _troop("Golems", 25, 7, 2),
            _troop("Elementals", 25, 3, 2),
            _troop("Gargoyles", 20, 10, 3),
        ],
    },
    "circumstances": {"attacker": {"3": {"surprise": 1}}},
    "crucial_moments": {"1": {"attacker_chance": 0.4}, "3": {}},
    "options": {"casualties": "dice", "no_quarter": True},
}


def _timed(fn: Callable[[], object]) -> tuple[float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def bench_resolve(battles: int, repeats: int) -> tuple[float, float]:
    """Median battles/s over ``repeats`` runs, by wall time and by CPU time."""
    walls, cpus = [], []
    for repeat in range(repeats):
        base = repeat * battles

        def run(base: int = base) -> None:
            for seed in range(base, base + battles):
                resolve(BATTLE, seed=seed)

        wall, cpu = _timed(run)
        walls.append(battles / wall)
        cpus.append(battles / cpu)
    return statistics.median(walls), statistics.median(cpus)


def bench_resume(steps: int, repeats: int) -> float:
    """Median milliseconds for load-step-store of a stored battle, mid-battle."""
    run = BattleRun.start(parse_battle(BATTLE), Dice(1))
    for _ in range(4):
        run.step()
    stored = json.dumps(run.to_dict())
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(steps):
            resumed = BattleRun.from_dict(json.loads(stored))
            resumed.step()
            json.dumps(resumed.to_dict())
        times.append((time.perf_counter() - start) / steps * 1000)
    return statistics.median(times)


def bench_odds(n: int, repeats: int) -> tuple[float, float, float]:
    """Median seconds for one ``odds`` call over ``n`` battles (wall and CPU), and the
    median standard error it returned."""
    walls, cpus, errors = [], [], []
    for seed in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        result = odds(BATTLE, n=n, seed=seed)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        errors.append(result["standard_error"])
    return statistics.median(walls), statistics.median(cpus), statistics.median(errors)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--battles", type=int, default=2000, help="battles per resolve run")
    parser.add_argument("--n", type=int, default=PAGES_N, help="battles per odds call")
    args = parser.parse_args()

    resolve(BATTLE, seed=0)  # warm up imports and caches
    odds(BATTLE, n=1000, seed=0)
    wall_rate, cpu_rate = bench_resolve(args.battles, args.repeats)
    verdict = "ok" if wall_rate >= RESOLVE_TARGET else "MISSED"
    print(
        f"resolve: median {wall_rate:,.0f} battles/s wall ({cpu_rate:,.0f}/s CPU) "
        f"over {args.repeats} x {args.battles} battles, full roll log and casualties "
        f"[target >= {RESOLVE_TARGET:,}/s: {verdict}]"
    )
    print(f"resume:  median {bench_resume(200, args.repeats):.2f} ms per load-step-store")
    for n in dict.fromkeys((args.n, 100_000)):
        wall_s, cpu_s, error = bench_odds(n, args.repeats)
        verdict = ""
        if n == args.n:
            verdict = f" [target < {ODDS_TARGET * 1000:g} ms: "
            verdict += ("ok" if wall_s < ODDS_TARGET else "MISSED") + "]"
        print(
            f"odds:    median {wall_s * 1000:.1f} ms wall ({cpu_s * 1000:.1f} ms CPU) for "
            f"n={n:,} over {args.repeats} calls, standard error {100 * error:.2f} points"
            f"{verdict}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
