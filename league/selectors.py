"""Read-side queries for leagues and teams (each with its game's one-to-one rows joined)."""

from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce

from core import registry
from league.models import League, Team


def league_list() -> QuerySet[League]:
    """Leagues with their commissioner, their game's row and ``team_count``, the teams still
    playing. The count is a subquery per league row, so a page of the list counts the teams of
    its own leagues only (a join and GROUP BY counted every league's teams first)."""
    playing = (
        Team.objects.filter(league=OuterRef("pk"), retired_at__isnull=True)
        .order_by()
        .values("league")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return League.objects.select_related("commissioner", *registry.league_related()).annotate(
        team_count=Coalesce(Subquery(playing, output_field=IntegerField()), 0)
    )


def team_list(*, league: League | None = None) -> QuerySet[Team]:
    teams = Team.objects.select_related("league", "coach", *registry.team_related())
    return teams.filter(league=league) if league is not None else teams


