"""The betting sweep: fixtures decided (a result, or cancelled) with bets still open and no
active settlement are sent to the settlement task again. Run by ``manage.py sweep`` and the
beat task with the other sweeps (``core.sweeping``)."""

from django.db.models import Exists, OuterRef, Q

from betting.models import Bet, Settlement
from core.enqueue import enqueue_on_commit
from matches.models import Fixture, Result

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


def settlements_sweep() -> dict[str, int]:
    ids = unsettled_fixtures()
    for fixture_id in ids:
        enqueue_on_commit("betting.tasks.fixture_settle_task", fixture_id)
    return {"settlements_resent": len(ids)}
