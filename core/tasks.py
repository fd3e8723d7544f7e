"""The periodic task that runs every app's sweep (``core.sweeping``)."""

from celery import shared_task

from core.sweeping import sweep_all


@shared_task
def sweep_task() -> dict[str, int]:
    return sweep_all()
