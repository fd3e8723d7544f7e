"""Sending a task after the current transaction commits, by the task's name.

Services enqueue work without importing the task modules that import them back (a task module
calls its service): the task is looked up in the Celery app's registry (each app imports its
``tasks`` module when it is ready). Eager mode (no broker) runs it in-process as usual.

The message goes out once the transaction has committed, so what it names exists. If the
broker cannot be reached then, the work is already recorded in the database (a kicked-off
fixture, a requested resolution): the send is logged and left to the periodic sweep, which
re-sends whatever waited longer than its grace period. The request that asked for the work
still succeeds; it never answers 500 for a broker outage, and a retry is never needed.
"""

import logging

from celery import current_app
from django.db import transaction
from kombu.exceptions import OperationalError as BrokerUnavailable

log = logging.getLogger(__name__)


def enqueue_on_commit(task_name: str, *args: object) -> None:
    """Send ``task_name(*args)`` once the transaction commits (at once outside one)."""
    task = current_app.tasks[task_name]

    def send() -> None:
        try:
            task.delay(*args)
        except BrokerUnavailable as error:
            log.warning("broker unreachable, %s%r left for the sweeper: %s", task_name, args, error)

    transaction.on_commit(send)
