"""Celery tasks of the betting app: thin, idempotent, sent by name (``core.enqueue``)."""

from celery import shared_task
from django.db import InterfaceError, OperationalError

from betting import futures, odds, settlement
from matches.models import Fixture

RETRYABLE = (OperationalError, InterfaceError)


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def fixture_settle_task(fixture_id: int) -> dict[str, int | None]:
    done = settlement.fixture_settle(fixture_id=fixture_id)
    return {"fixture": fixture_id, "settlement": done.pk if done else None}


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def odds_refresh_task(fixture_id: int) -> dict[str, int | None]:
    fixture = (
        Fixture.objects.select_related("season__league", "home", "away")
        .filter(pk=fixture_id)
        .first()
    )
    if fixture is None or fixture.status != Fixture.Status.SCHEDULED:
        return {"fixture": fixture_id, "odds": None}
    stored = odds.odds_refresh(fixture=fixture)
    return {"fixture": fixture_id, "odds": stored.pk if stored else None}


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def ratings_changed_task(league_id: int) -> dict[str, int]:
    priced = odds.league_ratings_changed(league_id=league_id)
    return {"league": league_id, "fixtures_priced": priced}


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def correction_resettle_task(correction_id: int) -> dict[str, int | None]:
    done = settlement.correction_resettle(correction_id=correction_id)
    return {"correction": correction_id, "settlement": done.pk if done else None}


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def season_settle_task(season_id: int) -> dict[str, int | None]:
    done = futures.season_settle(season_id=season_id)
    return {"season": season_id, "settlement": done.pk if done else None}
