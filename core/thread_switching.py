"""How often a web process's threads take turns on the interpreter.

A gunicorn process serves its requests on several threads (``config/gunicorn.conf.py``), and
only one of them runs Python at a time. A thread that sends a query to PostgreSQL or Redis lets
the others run; when the answer is in, it asks for the interpreter back, and CPython makes the
running thread give it up only once that thread has run for the switch interval, 5 ms by
default. A page's request sends five to twenty queries; beside a thread busy rendering another
page it could wait 5 ms after each answer, so a cheap read queued behind expensive ones for
far longer than its own work (the convoy effect of CPython's interpreter lock).

:func:`tune` shortens the interval in each web process once the application is loaded.
Measured with ``make load`` at 300 users on 2 cores (2026-11-30, ``docs/benchmarks.md``, runs
of each setting in turn): the pages' p99 was 611 to 918 ms at 5 ms, 458 to 471 ms at 1 ms,
267 to 389 ms at 0.5 ms and 408 to 437 ms at 0.25 ms; the API reads' 392 to 686, 254 to 302,
136 to 219 and 245 to 276 ms. A request's CPU did not grow.
"""

import sys

SWITCH_INTERVAL = 0.0005
"""Seconds a thread runs before it must let a waiting one have the interpreter (CPython's
default: 0.005)."""


def tune() -> None:
    """Set this process's switch interval; called once the application is loaded in each web
    process (``config/gunicorn.conf.py``)."""
    sys.setswitchinterval(SWITCH_INTERVAL)
