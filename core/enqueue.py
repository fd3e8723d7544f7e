"""Sending a task after the current transaction commits, by the task's name.

Services enqueue work without importing the task modules that import them back (a task module
calls its service): the task is looked up in the Celery app's registry (each app imports its
``tasks`` module when it is ready).

The message goes out once the transaction has committed, so what it names exists. If the
broker cannot be reached then, the work is already recorded in the database (a kicked-off
fixture, a requested resolution): the send is logged and left to the periodic sweep, which
re-sends whatever waited longer than its grace period. The request that asked for the work
still succeeds; it never answers 500 for a broker outage, and a retry is never needed.

Without a broker, tasks run eagerly in the web process. By default they run at once, inside
the request (what the tests and ``manage.py`` commands expect). With
``EAGER_TASKS_IN_BACKGROUND`` (``make run`` sets it) they run one after the other in a
background thread instead, so a page that polls the work's progress (a simulation's) sees it
advance as it would with workers.

``EAGER_TASKS_SKIPPED`` names tasks an eager run leaves out. It is empty in every deployment
and in ``make run`` (``config.settings``); the test settings name the forecast and ratings
follow-up of a result there, since most tests that store a result test something else and would
spend their time forecasting the season. The tests of that work turn it back on
(``tests/conftest.py``'s ``follow_up_tasks`` fixture). With a broker the setting changes
nothing: every task is sent.
"""

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from celery import current_app
from django.conf import settings
from django.db import connections, transaction
from kombu.exceptions import OperationalError as BrokerUnavailable

log = logging.getLogger(__name__)

_background = ThreadPoolExecutor(max_workers=1, thread_name_prefix="eager-task")
_unfinished = 0  # tasks sent to the background thread and not finished yet
_unfinished_lock = threading.Lock()


def background_busy() -> bool:
    """Whether a task sent to the background thread has not finished yet. A task that sends
    another (a result rated, then its league's prices) sends it before it finishes, so this is
    false only once the whole chain is done."""
    with _unfinished_lock:
        return _unfinished > 0


def _run_in_background(task, args: tuple) -> None:
    global _unfinished

    def run() -> None:
        global _unfinished
        try:
            task.apply(args=args, throw=True)
        except Exception:  # the sweeper sends it again, as it would a worker's failure
            log.exception("background task %s%r failed", task.name, args)
        finally:
            # the thread's own connections, persistent ones too: left open, they would hold
            # the database (its test copy could not be dropped) between two rare tasks
            connections.close_all()
            with _unfinished_lock:
                _unfinished -= 1

    with _unfinished_lock:
        _unfinished += 1
    _background.submit(run)


def enqueue_on_commit(task_name: str, *args: object) -> None:
    """Send ``task_name(*args)`` once the transaction commits (at once outside one)."""
    task = current_app.tasks[task_name]

    def send() -> None:
        if settings.CELERY_TASK_ALWAYS_EAGER and task_name in settings.EAGER_TASKS_SKIPPED:
            log.debug("eager task %s%r skipped (EAGER_TASKS_SKIPPED)", task_name, args)
            return
        if settings.CELERY_TASK_ALWAYS_EAGER and settings.EAGER_TASKS_IN_BACKGROUND:
            _run_in_background(task, args)
            return
        try:
            task.delay(*args)
        except BrokerUnavailable as error:
            log.warning("broker unreachable, %s%r left for the sweeper: %s", task_name, args, error)

    send.task_name = task_name  # type: ignore[attr-defined]  # which task a callback sends
    transaction.on_commit(send)
