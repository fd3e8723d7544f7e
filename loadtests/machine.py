"""The machine a load test ran on and the CPU its processes spent, for the report.

:func:`machine` names the processor (``/proc/cpuinfo``), counts the cores and reads the load
average. :class:`CpuSampler` adds up, once a second in a thread, the CPU time (user and
system, ``psutil``) of each kind of process while locust runs: the web servers (each gunicorn's
process group), the Celery workers (theirs), the PostgreSQL backends of the test's database
(their title names it) and locust itself. A process that starts during the run counts from
zero; one that ends counts what it had spent at its last sample (at most a second of it is
lost: backends closed after ``CONN_MAX_AGE``). The per-request figures come from the servers'
headers (``loadtests/request_cost.py``); these totals show what the headers do not see.
"""

from __future__ import annotations

import os
import threading
import time
from pathlib import Path

import psutil


def machine() -> dict:
    """Processor, cores and load average now."""
    model = "unknown"
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return {
        "processor": model,
        "cores": os.cpu_count() or 0,
        "load_average": list(os.getloadavg()),
    }


def _cpu(process: psutil.Process) -> float:
    try:
        times = process.cpu_times()
    except psutil.Error:
        return -1.0
    return times.user + times.system


class CpuSampler:
    """CPU seconds per kind of process between :meth:`start` and :meth:`stop`."""

    def __init__(self, groups: dict[str, list[int]], database: str) -> None:
        self.groups = groups  # kind -> pids of process-group leaders (their children count)
        self.database = database
        self.first: dict[int, float] = {}
        self.last: dict[int, tuple[str, float]] = {}
        self.started = 0.0
        self.seconds = 0.0
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)

    def _processes(self) -> list[tuple[str, psutil.Process]]:
        found = []
        for kind, pids in self.groups.items():
            for pid in pids:
                try:
                    leader = psutil.Process(pid)
                    found += [(kind, p) for p in [leader, *leader.children(recursive=True)]]
                except psutil.Error:
                    continue
        title = f" {self.database} "
        for process in psutil.process_iter(["cmdline"]):
            cmdline = " ".join(process.info["cmdline"] or ())
            if cmdline.startswith("postgres:") and title in cmdline:
                found.append(("database", process))
        return found

    def _sample(self, initial: bool = False) -> None:
        for kind, process in self._processes():
            used = _cpu(process)
            if used < 0:
                continue
            if initial:
                self.first.setdefault(process.pid, used)
            else:
                self.first.setdefault(process.pid, 0.0)
            self.last[process.pid] = (kind, used)

    def _loop(self) -> None:
        while not self._done.wait(1.0):
            self._sample()

    def start(self) -> None:
        self._sample(initial=True)
        self.started = time.monotonic()
        self._thread.start()

    def stop(self) -> dict:
        self._done.set()
        self._thread.join(5)
        self._sample()
        self.seconds = time.monotonic() - self.started
        totals: dict[str, float] = {kind: 0.0 for kind in [*self.groups, "database"]}
        for pid, (kind, used) in self.last.items():
            totals[kind] += max(0.0, used - self.first.get(pid, 0.0))
        return {"seconds": self.seconds, "cpu_seconds": totals}
