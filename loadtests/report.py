"""The load test's report, from a run's directory (``python loadtests/report.py DIR``).

Reads ``samples.json`` (every response time, ``X-Query-Count`` and the CPU headers per group and
per endpoint, written by the locustfile), locust's ``locust_stats.csv``, and the run's
``run.json`` (offered load, machine), ``cpu.json`` (CPU totals per kind of process) and
``tasks.json`` (the workers' CPU per task name); prints
and writes ``report.md``:

* the machine (processor, cores, load average before and after), the load offered and how the
  volume was built (leagues generated, copies, seconds of each);
* per group (the floor: the cheapest answers, ``/`` and ``/healthz``; pages, API reads,
  bets, line-up edits, simulations): requests, requests per second, p50/p95/p99 and the
  slowest, failures, refusals (answers the rules give while others play), SQL statements per
  request, CPU milliseconds per request in the web thread and in its PostgreSQL backend
  (``loadtests/request_cost.py``; means: total CPU over requests), their sum as a multiple of
  the cheapest floor endpoint's, the share of the page cache's answers that were hits (of the
  anonymous reads of cached routes) with the CPU (web and database) of a hit and of a miss and
  how many times cheaper a hit was, and the reads made after a change with the stale ones
  among them;
* the CPU totals: what the headers add up to beside what the processes spent (the rest is
  gunicorn outside Django, the workers' backends, connections opened and closed), and the
  workers' CPU per task name, costliest first;
* per endpoint: locust's own figures and the CPU per request;
* the goals: p99 < 200 ms for pages, < 100 ms for API reads, no errors, no stale answer.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

GROUPS = {
    "floor": "floor (/, /healthz)",
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


def _read_json(path: Path) -> dict:
    return json.loads(path.read_text()) if path.exists() else {}


def _per_request(group: dict) -> tuple[float, float]:
    """Mean CPU milliseconds per request: web thread, PostgreSQL backend."""
    if not group.get("costed"):
        return float("nan"), float("nan")
    return group["web_us"] / group["costed"] / 1000, group["db_us"] / group["costed"] / 1000


def _floor(endpoint_costs: dict) -> tuple[str, float]:
    """The cheapest endpoint of the floor group and its CPU milliseconds per request (web
    thread and backend): the unit of the report's multiples."""
    floors = [
        (web_us + db_us) / costed / 1000
        for name, (costed, web_us, db_us) in endpoint_costs.items()
        if name.startswith("floor:") and costed
    ]
    names = [
        n for n, (costed, _w, _d) in endpoint_costs.items() if n.startswith("floor:") and costed
    ]
    if not floors:
        return "", float("nan")
    cheapest = min(range(len(floors)), key=floors.__getitem__)
    return names[cheapest].split(":", 1)[1].strip(), floors[cheapest]


def _header(run: dict) -> list[str]:
    lines = []
    box = run.get("machine")
    if box:
        lines.append(
            f"Machine: {box['processor']}, {box['cores']} cores; load average (1, 5, 15 min) "
            f"{', '.join(f'{v:.2f}' for v in box['load_average'])} before, "
            f"{', '.join(f'{v:.2f}' for v in box['load_average_after'])} after. {run['date']}."
        )
    offered = run.get("offered")
    if offered:
        lines.append(
            f"Offered: {offered['users']} users (+{offered['floor_users']} on the floor) "
            f"started {offered['spawn_rate']}/s for {offered['duration']}, waiting "
            f"{offered['wait'][0]}-{offered['wait'][1]} s between requests; "
            f"{offered['leagues']} leagues of {offered['teams']} teams, {offered['seasons']} "
            f"season(s), {offered['betting_leagues']} betting; {offered['web']}"
            + (
                f"; workers at nice {offered['worker_nice']}."
                if offered.get("worker_nice", "0") != "0"
                else "."
            )
        )
    volume = run.get("volume")
    if volume and not volume.get("kept"):
        lines.append(
            f"Volume: {volume['generated']} leagues generated in {volume['generate_seconds']} s, "
            f"copied {volume['copies']} times in {volume['copy_seconds']} s (copy_leagues): "
            f"{volume['leagues']} leagues; load average "
            f"{', '.join(f'{v:.2f}' for v in volume['load_average_after'])} after."
        )
    elif volume:
        lines.append(
            f"Volume: the database's {volume['leagues']} leagues, kept (LOAD_FRESH=false)."
        )
    return [*lines, ""] if lines else []


def _totals(cpu: dict, groups: dict, seconds: float) -> list[str]:
    """What the headers add up to beside what the processes spent."""
    if not cpu:
        return []
    spent = cpu["cpu_seconds"]
    web = sum(g.get("web_us", 0) for g in groups.values()) / 1e6
    database = sum(g.get("db_us", 0) for g in groups.values()) / 1e6
    requests = sum(g.get("costed", 0) for g in groups.values()) or 1
    cores = f"{sum(spent.values()) / cpu['seconds']:.2f} cores busy on average"
    lines = [
        f"CPU seconds over the {cpu['seconds']:.0f} s of the run ({cores}):",
        "",
        "| processes | CPU s | per request, ms | in the headers, s | outside them |",
        "| --- | ---: | ---: | ---: | --- |",
    ]
    for kind, label, seen in (
        ("web", "web servers (gunicorn)", web),
        ("database", "PostgreSQL backends of the database", database),
    ):
        rest = spent.get(kind, 0.0) - seen
        share = rest / spent[kind] if spent.get(kind) else 0.0
        lines.append(
            f"| {label} | {spent.get(kind, 0.0):.2f} | {spent.get(kind, 0.0) / requests * 1000:.2f}"
            f" | {seen:.2f} | {rest:.2f} s ({share:.0%}) |"
        )
    for kind, label in (("workers", "Celery workers"), ("locust", "locust (load generator)")):
        lines.append(
            f"| {label} | {spent.get(kind, 0.0):.2f} | {spent.get(kind, 0.0) / requests * 1000:.2f}"
            " | | |"
        )
    return [*lines, ""]


def _tasks(tasks: dict, seconds: float) -> list[str]:
    """The workers' CPU per task name (``tasks.json``, ``loadtests/task_cost.py``), costliest
    first."""
    if not tasks:
        return []
    lines = [
        "Celery workers per task (CPU in the worker process and in its PostgreSQL backend):",
        "",
        "| task | tasks | per s | worker CPU s | DB CPU s | worker ms per task | DB ms per task |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, (count, worker_us, db_us) in sorted(tasks.items(), key=lambda item: -item[1][1]):
        lines.append(
            f"| {name} | {count} | {count / seconds:.2f} | {worker_us / 1e6:.2f} | "
            f"{db_us / 1e6:.2f} | {worker_us / count / 1000:.1f} | {db_us / count / 1000:.1f} |"
        )
    return [*lines, ""]


def build(directory: Path) -> str:
    raw = json.loads((directory / "samples.json").read_text())
    samples, endpoint_costs = raw.get("groups", raw), raw.get("endpoints", {})
    run, cpu = _read_json(directory / "run.json"), _read_json(directory / "cpu.json")
    with (directory / "locust_stats.csv").open() as handle:
        endpoints = list(csv.DictReader(handle))
    total = next((row for row in endpoints if row["Name"] == "Aggregated"), None)
    seconds = _duration(directory / "locust_stats_history.csv", 1.0)
    lines = ["# Load test", "", *_header(run)]
    if total:
        lines.append(
            f"{total['Request Count']} requests in {seconds:.0f} s: "
            f"**{float(total['Requests/s']):.1f} requests/s**, {total['Failure Count']} failures."
        )
        lines.append("")
    floor_name, floor = _floor(endpoint_costs)
    lines += [
        "| group | requests | req/s | p50 ms | p95 ms | p99 ms | max ms | failures | refusals "
        "| SQL per request | web CPU ms | DB CPU ms | x floor | cache hits | read after change, "
        "stale | goal |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: "
        "| ---: | ---: | ---: | --- |",
    ]
    met = True
    for key, label in GROUPS.items():
        group = samples.get(key)
        if not group or not group["times"]:
            continue
        times = group["times"]
        p99 = percentile(times, 0.99)
        queries = group["queries"] / group["counted"] if group["counted"] else float("nan")
        web, database = _per_request(group)
        multiple = (web + database) / floor if floor > 0 else float("nan")
        checked = (
            f"{group.get('checked', 0)}, {group.get('stale', 0)}" if group.get("checked") else ""
        )
        cached = group.get("hits", 0) + group.get("misses", 0)
        hits = f"{group.get('hits', 0) / cached:.0%} of {cached}" if cached else ""
        if group.get("hits") and group.get("misses"):
            hit_ms = group["hit_us"] / group["hits"] / 1000
            miss_ms = group["miss_us"] / group["misses"] / 1000
            hits += f"; {hit_ms:.2f} / {miss_ms:.2f} ms, {miss_ms / hit_ms:.0f} x"
        goal = ""
        if key in GOALS:
            ok = p99 < GOALS[key] and not group["failures"]
            met = met and ok
            goal = f"p99 < {GOALS[key]} ms: {'met' if ok else 'MISSED'}"
        lines.append(
            f"| {label} | {len(times)} | {len(times) / seconds:.1f} | "
            f"{percentile(times, 0.5):.0f} | {percentile(times, 0.95):.0f} | {p99:.0f} | "
            f"{max(times):.0f} | {group['failures']} | {group['refusals']} | {queries:.1f} | "
            f"{web:.2f} | {database:.2f} | {multiple:.1f} | {hits} | {checked} | {goal} |"
        )
    if floor == floor:  # not NaN: a floor was measured
        lines += [
            "",
            f"x floor: CPU per request (web and DB) over the floor's, `{floor_name}`: {floor:.2f} ms.",
        ]
    failures = sum(group["failures"] for group in samples.values())
    stale = sum(group.get("stale", 0) for group in samples.values())
    checked = sum(group.get("checked", 0) for group in samples.values())
    verdict = "met" if met and not failures and not stale else "MISSED"
    lines += [
        "",
        f"Errors: {failures}. Stale answers: {stale} of {checked} reads after a change. "
        f"Goals {verdict}.",
        "",
        *_totals(cpu, samples, seconds),
        *_tasks(_read_json(directory / "tasks.json"), seconds),
    ]
    lines += [
        "| endpoint | requests | failures | p50 ms | p95 ms | p99 ms | avg bytes | web CPU ms "
        "| DB CPU ms |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in endpoints:
        if row["Name"] == "Aggregated":
            continue
        costed, web_us, db_us = endpoint_costs.get(row["Name"], (0, 0, 0))
        web = f"{web_us / costed / 1000:.2f}" if costed else ""
        database = f"{db_us / costed / 1000:.2f}" if costed else ""
        lines.append(
            f"| {row['Type']} {row['Name']} | {row['Request Count']} | {row['Failure Count']} | "
            f"{row['50%']} | {row['95%']} | {row['99%']} | {float(row['Average Content Size']):.0f}"
            f" | {web} | {database} |"
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
