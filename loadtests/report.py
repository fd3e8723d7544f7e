"""The load test's report, from a run's directory (``python loadtests/report.py DIR``).

Reads ``samples.json`` (every response time and ``X-Query-Count`` per group, written by the
locustfile) and locust's ``locust_stats.csv``; prints and writes ``report.md``:

* per group (pages, API reads, bets, line-up edits, simulations): requests, requests per
  second, p50/p95/p99 and the slowest, failures, refusals (answers the rules give while
  others play), SQL statements per request;
* per endpoint: locust's own figures;
* the goals: p99 < 200 ms for pages, < 100 ms for API reads, no errors.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

GROUPS = {
    "page": "pages",
    "api": "API reads",
    "bet": "bets",
    "lineup": "line-up edits",
    "simulation": "simulations",
}
GOALS = {"page": 200, "api": 100}


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` between 0 and 1) of ``values``."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, -(-int(share * 1000) * len(ordered) // 1000))
    return ordered[min(rank, len(ordered)) - 1]


def _duration(stats_history: Path, fallback: float) -> float:
    """Seconds the run lasted, from locust's history (its first to its last line)."""
    if not stats_history.exists():
        return fallback
    with stats_history.open() as handle:
        stamps = [int(row["Timestamp"]) for row in csv.DictReader(handle) if row["Timestamp"]]
    return float(max(stamps) - min(stamps)) if len(stamps) > 1 else fallback


def build(directory: Path) -> str:
    samples = json.loads((directory / "samples.json").read_text())
    with (directory / "locust_stats.csv").open() as handle:
        endpoints = list(csv.DictReader(handle))
    total = next((row for row in endpoints if row["Name"] == "Aggregated"), None)
    seconds = _duration(directory / "locust_stats_history.csv", 1.0)
    lines = ["# Load test", ""]
    if total:
        lines.append(
            f"{total['Request Count']} requests in {seconds:.0f} s: "
            f"**{float(total['Requests/s']):.1f} requests/s**, {total['Failure Count']} failures."
        )
        lines.append("")
    lines += [
        "| group | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | failures | refusals | SQL per request | goal |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
    ]
    met = True
    for key, label in GROUPS.items():
        group = samples.get(key)
        if not group or not group["times"]:
            continue
        times = group["times"]
        p99 = percentile(times, 0.99)
        queries = group["queries"] / group["counted"] if group["counted"] else float("nan")
        goal = ""
        if key in GOALS:
            ok = p99 < GOALS[key] and not group["failures"]
            met = met and ok
            goal = f"p99 < {GOALS[key]} ms: {'met' if ok else 'MISSED'}"
        lines.append(
            f"| {label} | {len(times)} | {len(times) / seconds:.1f} | "
            f"{percentile(times, 0.5):.0f} | {percentile(times, 0.95):.0f} | {p99:.0f} | "
            f"{max(times):.0f} | {group['failures']} | {group['refusals']} | {queries:.1f} | {goal} |"
        )
    failures = sum(group["failures"] for group in samples.values())
    lines += ["", f"Errors: {failures}. Goals {'met' if met and not failures else 'MISSED'}.", ""]
    lines += [
        "| endpoint | requests | failures | p50 ms | p95 ms | p99 ms | avg bytes |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in endpoints:
        if row["Name"] == "Aggregated":
            continue
        lines.append(
            f"| {row['Type']} {row['Name']} | {row['Request Count']} | {row['Failure Count']} | "
            f"{row['50%']} | {row['95%']} | {row['99%']} | {float(row['Average Content Size']):.0f} |"
        )
    failures_csv = directory / "locust_failures.csv"
    if failures_csv.exists():
        with failures_csv.open() as handle:
            rows = list(csv.DictReader(handle))
        if rows:
            lines += ["", "Failures:", ""]
            lines += [
                f"- {row['Method']} {row['Name']}: {row['Error']} ({row['Occurrences']}x)"
                for row in rows
            ]
    return "\n".join(lines) + "\n"


def main() -> None:
    directory = Path(sys.argv[1])
    text = build(directory)
    (directory / "report.md").write_text(text)
    print(text)


if __name__ == "__main__":
    main()
