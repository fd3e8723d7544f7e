"""Celery tasks of the ratings app: thin, idempotent (the same results give the same rows, so a
task run twice writes nothing the second time), sent by name (``core.enqueue``)."""

from celery import shared_task
from django.db import IntegrityError, InterfaceError, OperationalError

from league.models import League
from ratings import services

# a unique row written meanwhile by another worker: run again, it finds the rows as they are
RETRYABLE = (OperationalError, InterfaceError, IntegrityError)


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def results_rate_task(fixture_ids: list[int]) -> dict[str, int]:
    return services.results_rate(fixture_ids=fixture_ids)


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def result_void_task(fixture_id: int) -> dict[str, int]:
    return services.result_void_rerate(fixture_id=fixture_id)


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def league_rerate_task(league_id: int) -> dict[str, int]:
    league = League.objects.filter(pk=league_id).first()
    if league is None:
        return {"league": league_id, "teams": 0}
    return {"league": league_id, "teams": services.league_rerate(league=league)}


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def league_catch_up_task(league_id: int) -> dict[str, int]:
    """Sent by the sweep for a league whose ratings fell behind its results."""
    return services.league_catch_up(league_id=league_id)
