"""Celery tasks of the battles app: thin wrappers that take ids and call one service.

``battle_run_resolve_task`` is idempotent (a finished run is returned as it is) and runs on
the ``simulation`` queue, so late acknowledgement and redelivery are safe.
"""

from celery import shared_task
from django.db import InterfaceError, OperationalError

from battles import services

RETRYABLE = (OperationalError, InterfaceError)


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def battle_run_resolve_task(run_id: int) -> dict[str, int | str | None]:
    run = services.run_resolve(run_id=run_id)
    return {"run": run_id, "status": run.status if run else None}
