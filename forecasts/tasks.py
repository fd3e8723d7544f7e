"""Celery tasks of the forecasts: thin, idempotent (a change is forecast once: a task run twice,
or overtaken by a newer change, stores nothing), sent by name (``core.enqueue``)."""

from typing import Any

from celery import shared_task
from django.db import InterfaceError, OperationalError

from forecasts import services


@shared_task(
    acks_late=True,
    autoretry_for=(OperationalError, InterfaceError),
    retry_backoff=True,
    max_retries=5,
)
def forecast_refresh_task(season_id: int, generation: int) -> dict[str, Any]:
    return services.forecast_refresh(season_id=season_id, generation=generation)
