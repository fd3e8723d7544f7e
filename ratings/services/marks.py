"""What a league's stored team ratings were rated from (``RatedUpTo``): its results and result
changes counted, in the query that locks the league (``teams.league_rerate``), and recorded
with its rows; the sweep compares them (``catch_up``)."""

from typing import Any

from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce

from league.models import League
from matches.models import Result, ResultCorrection
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
