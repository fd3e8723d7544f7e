"""Row locks taken in one fixed order, so two transactions never wait on each other in a cycle.

Order: teams (by id), then fixtures (by id), then a fixture's own rows (its result reports).
Every command that touches a fixture and may touch its teams (kick-off, simulation, result
entry, confirmation, decision, the post-match sequence) takes all of them in one call,
:func:`lock_fixture_with_teams`; one that kicks off many fixtures takes all their teams before
the first fixture. SQLite ignores ``select_for_update`` but serialises writers on its own.
"""

from collections.abc import Iterable

from django.db import transaction
from django.db.models import QuerySet

from core.prepared_query import PreparedQuery
from league.models import Team
from matches.models import Fixture


def _teams(ids: list[int]) -> QuerySet[Team]:
    return Team.objects.select_for_update().filter(pk__in=ids).order_by("pk")


_one_team = PreparedQuery(lambda team_id: _teams([team_id]), (int,))
"""One team's lock (a coach's roster write), compiled once per connection."""


def lock_teams(team_ids: Iterable[int]) -> list[Team]:
    assert transaction.get_connection().in_atomic_block, "lock_teams needs an atomic block"
    ids = sorted(set(team_ids))
    if len(ids) == 1:
        return _one_team(ids[0])
    return list(_teams(ids))


def lock_fixture(fixture_id: int) -> Fixture | None:
    """The fixture, locked for the rest of the transaction; None when it does not exist."""
    assert transaction.get_connection().in_atomic_block, "lock_fixture needs an atomic block"
    return (
        Fixture.objects.select_for_update(of=("self",))
        .select_related("season__league", "home", "away")
        .filter(pk=fixture_id)
        .first()
    )


def lock_fixture_with_teams(fixture_id: int) -> Fixture | None:
    """Both teams of the fixture, then the fixture itself, locked in the module's order.

    A fixture's teams never change, so reading them before taking any lock is safe.
    """
    teams = Fixture.objects.filter(pk=fixture_id).values_list("home_id", "away_id").first()
    if teams is None:
        return None
    lock_teams(teams)
    return lock_fixture(fixture_id)


def lock_fixtures_to_resolve(fixture_ids: Iterable[int]) -> tuple[list[Fixture], set[int]]:
    """Many fixtures for one transaction (a worker's chunk): the teams of those still to kick
    off, then every fixture, each kind in id order. Returns the fixtures (by id) and the ids
    of the teams locked.

    A fixture already kicked off needs no team lock (its line-ups are frozen on it), so chunks
    of kicked-off fixtures never wait on each other's teams. A fixture that turns out to be
    scheduled once locked, though it was not when its teams were chosen (voided meanwhile),
    has its teams unlocked: the caller leaves it alone.
    """
    ids = sorted(set(fixture_ids))
    scheduled = Fixture.objects.filter(pk__in=ids, status=Fixture.Status.SCHEDULED)
    teams = lock_teams(t for pair in scheduled.values_list("home_id", "away_id") for t in pair)
    fixtures = list(
        Fixture.objects.select_for_update(of=("self",))
        .select_related("season__league", "home", "away")
        .filter(pk__in=ids)
        .order_by("pk")
    )
    return fixtures, {team.pk for team in teams}
