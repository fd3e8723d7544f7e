"""Read-side queries for leagues and teams (each with its game's one-to-one rows joined)."""

from django.db.models import Count, Q, QuerySet

from core import registry
from league.models import League, Team


def league_list() -> QuerySet[League]:
    return League.objects.select_related("commissioner", *registry.league_related()).annotate(
        team_count=Count("teams", filter=Q(teams__retired_at__isnull=True), distinct=True)
    )


def team_list(*, league: League | None = None) -> QuerySet[Team]:
    teams = Team.objects.select_related("league", "coach", *registry.team_related())
    return teams.filter(league=league) if league is not None else teams


