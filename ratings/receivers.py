"""What the ratings app hears from the layers below it: a result stored (one by one or in
bulk), corrected or voided, and a league's settings saved (its tau changed). The work goes to a
worker once the transaction commits."""

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from core.enqueue import enqueue_on_commit
from core.registry import FORFEIT
from core.signals import result_corrected, result_voided, results_created
from league.models import League
from matches.models import Result, ResultCorrection
from ratings import services

RATE = "ratings.tasks.results_rate_task"
VOID = "ratings.tasks.result_void_task"
LEAGUE = "ratings.tasks.league_rerate_task"


@receiver(post_save, sender=Result, dispatch_uid="ratings.result_saved")
def result_saved(sender: Any, instance: Result, created: bool, **kwargs: Any) -> None:
    """A new result (a forfeit is not rated); a correction is heard as ``result_corrected``."""
    if created and instance.decided_by != FORFEIT:
        enqueue_on_commit(RATE, [instance.fixture_id])


@receiver(results_created, dispatch_uid="ratings.results_created")
def results_saved(sender: Any, results: list[Result], **kwargs: Any) -> None:
    fixture_ids = [r.fixture_id for r in results if r.decided_by != FORFEIT]
    if fixture_ids:
        enqueue_on_commit(RATE, fixture_ids)


@receiver(result_corrected, dispatch_uid="ratings.result_corrected")
def corrected(sender: Any, correction: ResultCorrection, **kwargs: Any) -> None:
    if correction.after and correction.after.get("decided_by") != FORFEIT:
        enqueue_on_commit(RATE, [correction.fixture_id])


@receiver(result_voided, dispatch_uid="ratings.result_voided")
def voided(sender: Any, correction: ResultCorrection, **kwargs: Any) -> None:
    if correction.before and correction.before.get("decided_by") != FORFEIT:
        enqueue_on_commit(VOID, correction.fixture_id)


@receiver(post_save, sender=League, dispatch_uid="ratings.league_saved")
def league_saved(sender: Any, instance: League, created: bool, **kwargs: Any) -> None:
    """The league's tau changed: its rows, rated with the old one, are rated again."""
    if not created and services.league_tau_check(league=instance):
        enqueue_on_commit(LEAGUE, instance.pk)
