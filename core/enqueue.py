"""Sending a task after the current transaction commits, by the task's name.

Services enqueue work without importing the task modules that import them back (a task module
calls its service): the task is looked up in the Celery app's registry, which imports every
app's ``tasks`` module itself. Eager mode (no broker) runs it in-process as usual.
"""

from celery import current_app


def enqueue_on_commit(task_name: str, *args: object) -> None:
    """Send ``task_name(*args)`` once the transaction commits (at once outside one)."""
    current_app.tasks[task_name].delay_on_commit(*args)
