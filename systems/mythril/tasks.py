"""The Mythril league's Celery tasks: thin, idempotent (their services claim once)."""

from celery import shared_task
from django.db import InterfaceError, OperationalError

from systems.mythril.services.post_match import post_match_run
from systems.mythril.services.team_bets import team_bets_settle

RETRYABLE = (OperationalError, InterfaceError)


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def post_match_task(fixture_id: int) -> dict[str, int | None]:
    run = post_match_run(fixture_id=fixture_id)
    return {"fixture": fixture_id, "post_match": run.pk if run else None}


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def team_bets_settle_task(fixture_id: int) -> dict[str, int | None]:
    settlement = team_bets_settle(fixture_id=fixture_id)
    return {"fixture": fixture_id, "settlement": settlement.pk if settlement else None}
