"""What each request costs in CPU, answered in two headers for the load generator.

The load test's servers (``loadtests/server_settings.py``) put :class:`RequestCostMiddleware`
first, outside every other middleware, so it measures everything Django does for a request:

* ``X-Web-CPU-Us``: the CPU time, in microseconds, of the thread that served the request
  (``time.thread_time_ns``: user and system time of that thread only, so the other requests
  the process serves on its other threads at the same time are not counted);
* ``X-Page-Cache``: what the page cache did (``core.page_cache``): ``hit`` (served from it, to
  a visitor or, with their own header, to a signed-in reader with no role in the league),
  ``miss`` (rendered and kept), or ``none`` (not a cached route, or a page of the reader's);
* ``X-DB-CPU-Us``: the CPU time the PostgreSQL backend serving the request spent meanwhile,
  from its ``/proc/<pid>/schedstat`` (nanoseconds on a CPU; readable by any user, on the same
  machine). The backend is the request's own while the request runs: a Django connection
  belongs to one thread. A connection opened during the request (none kept, or a new one after
  ``CONN_MAX_AGE``) counts its whole backend, its start included: the request caused it.

What neither header sees is reported by the run as a whole (``loadtests/run.py`` samples every
process): gunicorn reading the request and writing the answer outside Django, and the work of
the Celery workers and their backends. Not for production: it reads ``/proc`` twice a request.
"""

from __future__ import annotations

import time

from django.db import connections

WEB_HEADER = "X-Web-CPU-Us"
DB_HEADER = "X-DB-CPU-Us"
CACHE_HEADER = "X-Page-Cache"


def cache_outcome(request) -> str:
    """``hit``, ``miss`` or ``none``, from the state ``core.page_cache`` left on the request."""
    state = getattr(request, "_page_cache", None)
    if state in ("hit", "shared"):
        return "hit"
    return "miss" if isinstance(state, tuple) else "none"


def _backend_pid(alias: str) -> int | None:
    wrapper = connections[alias]
    if wrapper.vendor != "postgresql" or wrapper.connection is None:
        return None
    try:
        return wrapper.connection.info.backend_pid
    except Exception:  # closed under us: nothing to read
        return None


def _on_cpu_ns(pid: int) -> int | None:
    """Nanoseconds process ``pid`` has spent on a CPU, or ``None`` once it is gone."""
    try:
        with open(f"/proc/{pid}/schedstat", "rb") as handle:
            return int(handle.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def backends_now() -> dict[str, tuple[int, int | None]]:
    """Each open PostgreSQL connection's backend and its time on a CPU so far, by alias."""
    found = {}
    for alias in connections:
        pid = _backend_pid(alias)
        if pid is not None:
            found[alias] = (pid, _on_cpu_ns(pid))
    return found


def database_ns_since(before: dict[str, tuple[int, int | None]]) -> int:
    """Nanoseconds the connections' backends spent on a CPU since ``before``
    (:func:`backends_now`): the same backend, what it spent meanwhile; a new one, all of it."""
    spent = 0
    for alias in connections:
        pid = _backend_pid(alias)
        if pid is None:
            continue
        now = _on_cpu_ns(pid) or 0
        old_pid, old = before.get(alias, (None, None))
        spent += now - old if old_pid == pid and old is not None else now
    return spent


class RequestCostMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        before = backends_now()
        started = time.thread_time_ns()
        response = self.get_response(request)
        web = time.thread_time_ns() - started
        response[WEB_HEADER] = str(web // 1000)
        response[DB_HEADER] = str(database_ns_since(before) // 1000)
        response[CACHE_HEADER] = cache_outcome(request)
        return response
