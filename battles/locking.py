"""Row locks taken in one fixed order, so two transactions never wait on each other in a cycle.

Order: armies (by id), then a run. Card edits lock their army; starting a run locks both
armies (so the snapshot sees whole edits); run actions lock the run; confirming casualties
locks both armies, then the run. SQLite ignores ``select_for_update`` but serialises writers
on its own.
"""

from collections.abc import Iterable

from django.db import transaction

from battles.models import Army, BattleRun


def lock_armies(army_ids: Iterable[int]) -> list[Army]:
    assert transaction.get_connection().in_atomic_block, "lock_armies needs an atomic block"
    return list(
        Army.objects.select_for_update().filter(pk__in=sorted(set(army_ids))).order_by("pk")
    )


def lock_run(run_id: int) -> BattleRun | None:
    """The run, locked for the rest of the transaction; None when it does not exist."""
    assert transaction.get_connection().in_atomic_block, "lock_run needs an atomic block"
    return (
        BattleRun.objects.select_for_update(of=("self",))
        .select_related("battle__campaign", "battle__attacker", "battle__defender")
        .filter(pk=run_id)
        .first()
    )
