"""Celery tasks: thin wrappers that take ids, call one service and return a small value.

Every task is idempotent (``fixture_simulate`` resolves a fixture at most once,
``post_match_run`` runs a fixture's post-match sequence at most once), so late acknowledgement
and redelivery are safe.
"""

from celery import shared_task
from django.db import InterfaceError, OperationalError

from matches import services
from matches.killpower.post_match import post_match_run, post_match_sweep

RETRYABLE = (OperationalError, InterfaceError)


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def fixture_simulate_task(fixture_id: int) -> dict[str, int | None]:
    result = services.fixture_simulate(fixture_id=fixture_id)
    return {"fixture": fixture_id, "result": result.pk if result else None}


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def post_match_task(fixture_id: int) -> dict[str, int | None]:
    """The post-match sequence of a played Killpower fixture (once, however often sent)."""
    run = post_match_run(fixture_id=fixture_id)
    return {"fixture": fixture_id, "post_match": run.pk if run else None}


@shared_task(autoretry_for=RETRYABLE, retry_backoff=True, max_retries=3)
def sweep_due_fixtures_task() -> dict[str, int]:
    return {**services.fixtures_sweep_due(), **post_match_sweep()}
