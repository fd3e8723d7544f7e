"""The betting sweep, run by ``manage.py sweep`` and the beat task with the other sweeps
(``core.sweeping``):

* fixtures decided (a result, or cancelled) with bets still open and no active settlement are
  sent to the settlement task again;
* corrections and voids whose re-settlement is still owed (their ``Resettlement`` witness
  pending after ``SWEEPER_GRACE_SECONDS``: the message was lost with the broker, or the task
  failed) are sent to the re-settlement task again, each at most ``SWEEPER_MAX_ATTEMPTS``
  times."""

from datetime import timedelta

from django.conf import settings
from django.db.models import Exists, OuterRef, Q
from django.db.models.functions import Now
from django.utils.translation import gettext as _

from betting.models import Bet, Resettlement, Settlement
from core.enqueue import enqueue_on_commit
from league.models import Season
from matches.models import Fixture, Result
from matches.resending import resend_counted

SWEEP_LIMIT = 500


def unsettled_fixtures() -> list[int]:
    decided = Q(Exists(Result.objects.filter(fixture=OuterRef("pk")))) | Q(
        status=Fixture.Status.CANCELLED
    )
    return list(
        Fixture.objects.filter(decided)
        .filter(Exists(Bet.objects.filter(fixture=OuterRef("pk"), status=Bet.Status.OPEN)))
        .exclude(Exists(Settlement.objects.filter(fixture=OuterRef("pk"), reversed_at=None)))
        .order_by("pk")
        .values_list("pk", flat=True)[:SWEEP_LIMIT]
    )


def unsettled_seasons() -> list[int]:
    """Finished seasons with champion bets still open and no active settlement."""
    return list(
        Season.objects.filter(finished_at__isnull=False)
        .filter(Exists(Bet.objects.filter(season=OuterRef("pk"), status=Bet.Status.OPEN)))
        .exclude(Exists(Settlement.objects.filter(season=OuterRef("pk"), reversed_at=None)))
        .order_by("pk")
        .values_list("pk", flat=True)[:SWEEP_LIMIT]
    )


def resettlements_due() -> list[int]:
    """The corrections whose re-settlement waited longer than the grace period (counted)."""
    stale = Now() - timedelta(seconds=settings.SWEEPER_GRACE_SECONDS)
    pending = Resettlement.objects.filter(done_at=None, created_at__lte=stale)
    first = pending.filter(problem="").order_by("pk").values_list("pk", flat=True)[:SWEEP_LIMIT]
    return resend_counted(
        Resettlement.objects.filter(pk__in=list(first)),
        problem=_(
            "The workers could not pay this fixture's bets again after %(n)s tries; the "
            "sweeper stopped."
        )
        % {"n": settings.SWEEPER_MAX_ATTEMPTS},
    )


def settlements_sweep() -> dict[str, int]:
    ids = unsettled_fixtures()
    for fixture_id in ids:
        enqueue_on_commit("betting.tasks.fixture_settle_task", fixture_id)
    corrections = resettlements_due()
    for correction_id in corrections:
        enqueue_on_commit("betting.tasks.correction_resettle_task", correction_id)
    seasons = unsettled_seasons()
    for season_id in seasons:
        enqueue_on_commit("betting.tasks.season_settle_task", season_id)
    return {
        "settlements_resent": len(ids),
        "resettlements_resent": len(corrections),
        "season_settlements_resent": len(seasons),
    }
