"""What the forecasts hear from the layers below: a result stored (one by one or in bulk),
corrected or voided, and a league's places changed. Each is one change of its season (``forecasts.services.forecast_request``),
forecast by a worker once the transaction commits."""

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from core.signals import result_corrected, result_voided, results_created
from forecasts.models import SeasonForecast
from forecasts.services import forecast_request
from league.models import League
from matches.models import Fixture, Result, ResultCorrection


@receiver(post_save, sender=Result, dispatch_uid="forecasts.result_saved")
def result_saved(sender: Any, instance: Result, created: bool, **kwargs: Any) -> None:
    if created:
        forecast_request(season_id=instance.fixture.season_id)


@receiver(results_created, dispatch_uid="forecasts.results_created")
def results_saved(sender: Any, results: list[Result], **kwargs: Any) -> None:
    """Each season of the results once (their fixtures' seasons read only for the results
    that do not carry their fixture, as a worker's chunk does)."""
    seasons = {r.fixture.season_id for r in results if Result.fixture.is_cached(r)}
    missing = [r.fixture_id for r in results if not Result.fixture.is_cached(r)]
    if missing:
        read = Fixture.objects.filter(pk__in=missing).values_list("season_id", flat=True)
        seasons.update(read)
    for season_id in sorted(seasons):
        forecast_request(season_id=season_id)


@receiver(result_corrected, dispatch_uid="forecasts.result_corrected")
def corrected(sender: Any, correction: ResultCorrection, **kwargs: Any) -> None:
    forecast_request(season_id=correction.fixture.season_id)


@receiver(result_voided, dispatch_uid="forecasts.result_voided")
def voided(sender: Any, correction: ResultCorrection, **kwargs: Any) -> None:
    forecast_request(season_id=correction.fixture.season_id)


@receiver(post_save, sender=League, dispatch_uid="forecasts.league_saved")
def league_saved(sender: Any, instance: League, created: bool, **kwargs: Any) -> None:
    """The league's places changed: its open seasons' stored forecasts are made again."""
    if created:
        return
    stale = (
        SeasonForecast.objects.filter(season__league=instance, season__finished_at__isnull=True)
        .exclude(computed_at__isnull=True)
        .exclude(
            top_places=instance.forecast_top_places,
            bottom_places=instance.forecast_bottom_places,
        )
        .values_list("season_id", flat=True)
    )
    for season_id in list(stale):
        forecast_request(season_id=season_id)
