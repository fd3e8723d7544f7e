"""What a league's stored team ratings were rated from (``RatedUpTo``): its results and result
changes counted, in the query that locks the league (``teams.league_rerate``), and recorded
with its rows; the sweep compares them (``catch_up``)."""

from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce

from core import league_versions
from league.models import League, Season
from matches.models import Fixture, Result, ResultCorrection
from ratings.models import RatedUpTo

LEAGUE = "fixture__season__league"


def per_league(queryset: QuerySet, aggregate: Any) -> Subquery:
    rows = (
        queryset.filter(**{LEAGUE: OuterRef("pk")})
        .order_by()
        .values(LEAGUE)
        .annotate(value=aggregate)
        .values("value")
    )
    return Subquery(rows)


def with_counts(leagues: QuerySet[League]) -> QuerySet[League]:
    """``leagues`` with ``seen_results`` and ``seen_corrections``: what their rows are rated
    from when written now."""
    return leagues.annotate(
        seen_results=Coalesce(
            per_league(Result.objects.all(), Count("pk")), 0, output_field=IntegerField()
        ),
        seen_corrections=Coalesce(
            per_league(ResultCorrection.objects.all(), Count("pk")), 0, output_field=IntegerField()
        ),
    )


def marks_write(counts: dict[int, tuple[int, int]]) -> None:
    """Record, for each league, the counts its rows were just rated from: one query."""
    RatedUpTo.objects.bulk_create(
        [RatedUpTo(league_id=pk, results=r, corrections=c) for pk, (r, c) in counts.items()],
        update_conflicts=True,
        unique_fields=["league"],
        update_fields=["results", "corrections"],
    )
    for league_id in counts:  # the leagues whose ratings were just written
        league_versions.league_changed(league_id, listed=False)


@dataclass(frozen=True)
class LockedLeague:
    """A league locked for its ratings, with what its rows are rated from when written now."""

    pk: int
    rating_tau: float
    results: int
    corrections: int


def _count(model: type, alias: str) -> str:
    return (
        f"(SELECT COUNT(*) FROM {model._meta.db_table} {alias}"
        f" JOIN {Fixture._meta.db_table} {alias}f ON {alias}f.id = {alias}.fixture_id"
        f" JOIN {Season._meta.db_table} {alias}s ON {alias}s.id = {alias}f.season_id"
        f" WHERE {alias}s.league_id = l.id)"
    )


def league_lock(*, league_id: int) -> LockedLeague:
    """Lock the league's row until the transaction ends (``SELECT ... FOR UPDATE``, where the
    database has it) and count its results and corrections, as :func:`with_counts` does: one
    plain SQL query. ``League.DoesNotExist`` when it is gone."""
    lock = " FOR UPDATE OF l" if connection.features.has_select_for_update_of else ""
    sql = (
        f"SELECT l.id, l.rating_tau, {_count(Result, 'r')}, {_count(ResultCorrection, 'c')}"
        f" FROM {League._meta.db_table} l WHERE l.id = %s{lock}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [league_id])
        row = cursor.fetchone()
    if row is None:
        raise League.DoesNotExist(f"league {league_id}")
    return LockedLeague(*row)
