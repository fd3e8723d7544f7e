"""What each kind of Celery task costs the load test's workers, per task name.

The load test's workers run with ``loadtests.server_settings``, which imports this module: it
hears Celery's ``task_prerun`` and ``task_postrun`` and adds up, per task name, how many ran,
their CPU time in the worker (``time.thread_time_ns``: the pool process runs one task at a
time) and in its PostgreSQL backend meanwhile (``/proc/<pid>/schedstat``, as
``loadtests/request_cost.py`` reads it for requests). Each worker process rewrites its totals
to ``LOAD_TASK_COSTS/tasks-<pid>.json`` after every task (a few hundred bytes, at most a few
dozen tasks a second), so a worker stopped at the end of the run leaves them complete;
``loadtests/report.py`` adds the files up. Without ``LOAD_TASK_COSTS`` nothing is connected.
"""

from __future__ import annotations

import json
import os
import time
from collections import defaultdict
from pathlib import Path

from celery.signals import task_postrun, task_prerun

from loadtests.request_cost import backends_now, database_ns_since

DIRECTORY = os.environ.get("LOAD_TASK_COSTS")

# task name -> [tasks, worker CPU microseconds, database CPU microseconds]
totals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
_started: dict[str, tuple[int, dict[str, tuple[int, int | None]]]] = {}


def started(task_id: str | None = None, **_kwargs) -> None:
    if task_id:
        _started[task_id] = (time.thread_time_ns(), backends_now())


def finished(task_id: str | None = None, task=None, **_kwargs) -> None:
    begun = _started.pop(task_id, None) if task_id else None
    if begun is None or task is None:
        return
    cpu_ns, backends = begun
    row = totals[task.name]
    row[0] += 1
    row[1] += (time.thread_time_ns() - cpu_ns) // 1000
    row[2] += database_ns_since(backends) // 1000
    _write()


def _write() -> None:
    path = Path(DIRECTORY) / f"tasks-{os.getpid()}.json"
    scratch = path.with_suffix(".tmp")
    scratch.write_text(json.dumps(totals))
    scratch.replace(path)


def merged(directory: Path) -> dict[str, list[int]]:
    """Every worker process's totals in ``directory``, added up per task name."""
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    for path in sorted(directory.glob("tasks-*.json")):
        for name, row in json.loads(path.read_text()).items():
            out[name] = [a + b for a, b in zip(out[name], row, strict=True)]
    return dict(out)


def difference(after: dict[str, list[int]], before: dict[str, list[int]]) -> dict[str, list[int]]:
    """What ran between two :func:`merged` readings, per task name (those that ran)."""
    out = {}
    for name, row in after.items():
        spent = [a - b for a, b in zip(row, before.get(name, [0, 0, 0]), strict=True)]
        if spent[0]:
            out[name] = spent
    return out


if DIRECTORY:
    task_prerun.connect(started, weak=False, dispatch_uid="loadtests.task_cost.started")
    task_postrun.connect(finished, weak=False, dispatch_uid="loadtests.task_cost.finished")
