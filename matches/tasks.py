"""Celery tasks: thin wrappers that take ids, call one service and return a small value.

``fixture_simulate`` and ``fixtures_simulate`` (a chunk) resolve each fixture at most once and
``batch_kick_off`` kicks each fixture off at most once, so late acknowledgement and redelivery
are safe. Services send them by name (``core.enqueue``), never by importing this module.
"""

from celery import shared_task
from django.db import InterfaceError, OperationalError

from matches import services, simulation_chunks

RETRYABLE = (OperationalError, InterfaceError)


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def fixture_simulate_task(fixture_id: int) -> dict[str, int | None]:
    result = services.fixture_simulate(fixture_id=fixture_id)
    return {"fixture": fixture_id, "result": result.pk if result else None}


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def fixtures_simulate_task(fixture_ids: list[int]) -> dict[str, int]:
    """A chunk of fixtures resolved in one transaction (``simulation_chunks.fixtures_simulate``)."""
    return simulation_chunks.fixtures_simulate(fixture_ids=fixture_ids)


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def batch_kick_off_task(batch_id: int) -> dict[str, int]:
    """A large simulation request's kick-offs, in chunks (``services.batch_kick_off``)."""
    return services.batch_kick_off(batch_id=batch_id)


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def post_match_task(fixture_id: int) -> dict[str, int | None]:
    """The post-match sequence of a fixture played at the table (once, however often sent)."""
    from matches.table_results.post_match import post_match_run

    run = post_match_run(fixture_id=fixture_id)
    return {"fixture": fixture_id, "post_match": run.pk if run else None}
