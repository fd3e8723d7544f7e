"""Tutatis's Celery task: the post-match sequence (injuries carried over) of a played
fixture. ``post_match_run`` runs at most once per fixture, so redelivery is safe."""

from celery import shared_task
from django.db import InterfaceError, OperationalError

from systems.tutatis.services.post_match import post_match_run

RETRYABLE = (OperationalError, InterfaceError)


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def post_match_task(fixture_id: int) -> dict[str, int | None]:
    run = post_match_run(fixture_id=fixture_id)
    return {"fixture": fixture_id, "post_match": run.pk if run else None}
