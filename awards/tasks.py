"""Celery tasks of the awards: thin and idempotent (a season's awards are granted once, the
``SeasonGrant`` witness claimed under its row lock), sent by name (``core.enqueue``)."""

from celery import shared_task
from django.db import IntegrityError, InterfaceError, OperationalError

from awards import services

RETRYABLE = (OperationalError, InterfaceError, IntegrityError)


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def season_awards_grant_task(season_id: int) -> dict[str, int]:
    return {"season": season_id, "awards": services.season_awards_grant(season_id=season_id)}
