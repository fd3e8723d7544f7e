"""Read-side queries for leagues, teams and rosters."""


from django.db.models import Count, QuerySet

from league.models import League, Team


def league_list() -> QuerySet[League]:
    return League.objects.select_related("commissioner").annotate(
        team_count=Count("teams", distinct=True)
    )


def team_list(*, league: League | None = None) -> QuerySet[Team]:
    teams = Team.objects.select_related("league", "coach")
    return teams.filter(league=league) if league is not None else teams


