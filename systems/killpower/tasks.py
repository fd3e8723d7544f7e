"""Killpower Ball's Celery task name, kept so a message sent before the result-report
workflow moved to ``matches`` still runs: it is ``matches.tasks.post_match_task``'s work.
"""

from celery import shared_task
from django.db import InterfaceError, OperationalError

from systems.killpower.services.post_match import post_match_run

RETRYABLE = (OperationalError, InterfaceError)


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def post_match_task(fixture_id: int) -> dict[str, int | None]:
    """The post-match sequence of a played Killpower fixture (once, however often sent)."""
    run = post_match_run(fixture_id=fixture_id)
    return {"fixture": fixture_id, "post_match": run.pk if run else None}
