"""Writes of the forecasts: a change heard (:func:`forecast_request`) and the forecast stored by
the worker (:func:`forecast_refresh`), once per change, the latest winning (``models``)."""

from dataclasses import asdict
from typing import Any

from django.db import connection, transaction
from django.db.models import F, Max
from django.utils import timezone

from core.enqueue import enqueue_on_commit
from forecasts.engine import season_forecast
from forecasts.models import ForecastRound, SeasonForecast
from forecasts.signals import forecast_stored
from league.models import Season
from matches.models import Result

TASK = "forecasts.tasks.forecast_refresh_task"
_COLUMNS = (
    "season_id, requested, generation, simulations, seed, top_places, bottom_places, "
    "fixtures_left, exact_marks, teams"
)
_DEFAULTS = "0, 0, 0, 0, 0, 0, false, '[]'"


def forecast_request(*, season_id: int) -> int:
    """Count one more change for the season and send the worker to forecast it once the
    transaction commits; returns the change's number."""
    table = SeasonForecast._meta.db_table
    with connection.cursor() as cursor:  # one statement: on the path of every result
        cursor.execute(
            f"INSERT INTO {table} ({_COLUMNS}) VALUES (%s, 1, {_DEFAULTS}) "
            f"ON CONFLICT (season_id) DO UPDATE SET requested = {table}.requested + 1 "
            "RETURNING requested",
            [season_id],
        )
        generation = int(cursor.fetchone()[0])
    enqueue_on_commit(TASK, season_id, generation)
    return generation


def forecast_refresh(*, season_id: int, generation: int) -> dict[str, Any]:
    """Forecast the season for change ``generation`` and store it, unless a newer change was
    heard (its own task will) or this one is stored already (a task run twice)."""
    row = SeasonForecast.objects.filter(season_id=season_id).first()
    if row is None or row.requested != generation or row.generation >= generation:
        return {"season": season_id, "generation": generation, "stored": False}
    season = Season.objects.select_related("league").get(pk=season_id)
    stored = forecast_store(season=season, generation=generation)
    return {"season": season_id, "generation": generation, "stored": stored}


def forecast_store(*, season: Season, generation: int) -> bool:
    """Compute and store the season's forecast as change ``generation``: by a conditional
    UPDATE that finds no row when a newer change was heard meanwhile. Keeps the title chances
    of the round last played for the chart."""
    result, left = season_forecast(season)
    now = timezone.now()
    teams = [asdict(chances) for chances in result.teams]
    with transaction.atomic():
        updated = SeasonForecast.objects.filter(
            season=season, requested=generation, generation__lt=generation
        ).update(
            generation=generation,
            computed_at=now,
            simulations=result.simulations,
            seed=result.seed,
            top_places=result.top_places,
            bottom_places=result.bottom_places,
            fixtures_left=left,
            exact_marks=result.exact_marks,
            teams=teams,
        )
        if not updated:
            return False
        played = Result.objects.filter(fixture__season=season).aggregate(r=Max("fixture__round"))
        ForecastRound.objects.update_or_create(
            season=season,
            round=played["r"] or 0,
            defaults={
                "titles": {str(c.team): c.title for c in result.teams},
                "computed_at": now,
            },
        )
        forecast_stored.send(
            sender=SeasonForecast, season_id=season.pk, generation=generation, teams=teams
        )
    return True


def forecast_ensure(*, season: Season) -> SeasonForecast:
    """The season's stored forecast; a season never forecast yet (no result heard since
    forecasts began) is forecast now as one more change, so a page or the API always has one
    to show."""
    row, _created = SeasonForecast.objects.get_or_create(season=season)
    if row.computed_at is None:
        SeasonForecast.objects.filter(pk=row.pk, requested=row.requested).update(
            requested=F("requested") + 1
        )
        row.refresh_from_db()
        forecast_store(season=season, generation=row.requested)
        row.refresh_from_db()
    return row


def forecasts_sweep() -> dict[str, int]:
    """Send again the latest change of each season whose forecast lags behind it (a task lost
    with the broker, a worker killed): its task stores it once, as any other."""
    lagging = SeasonForecast.objects.filter(generation__lt=F("requested")).values_list(
        "season_id", "requested"
    )
    count = 0
    for season_id, generation in lagging:
        enqueue_on_commit(TASK, season_id, generation)
        count += 1
    return {"forecasts_resent": count}
