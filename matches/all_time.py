"""A league's history across its seasons: the champions, season by season, and the all-time
table (every result of every season, per team, retired teams included).

Each is one query whatever the number of seasons or teams: the totals are the sums of the
standings kept for each season (``matches.models.Standing``), the titles a count of the
seasons a team won. Points use the league's points per result as they are set now, for every
season alike.
"""

from dataclasses import dataclass

from django.db.models import Count, IntegerField, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from league.models import League, Season, Team


@dataclass
class AllTimeRow:
    team: Team
    seasons: int
    played: int
    wins: int
    draws: int
    losses: int
    goals_for: int
    goals_against: int
    points: int
    titles: int
    position: int = 0

    @property
    def goal_difference(self) -> int:
        return self.goals_for - self.goals_against


def all_time_table(*, league: League) -> list[AllTimeRow]:
    """Every team that ever played in ``league``, best first: points, then score difference,
    score for, titles, name. One query."""

    def total(name: str) -> Coalesce:
        return Coalesce(Sum(f"standings__{name}"), Value(0), output_field=IntegerField())

    teams = (
        Team.objects.filter(league=league)
        .annotate(
            played=total("played"),
            wins=total("wins"),
            draws=total("draws"),
            losses=total("losses"),
            goals_for=total("goals_for"),
            goals_against=total("goals_against"),
            seasons_played=Count("standings", filter=Q(standings__played__gt=0)),
            titles=Coalesce(
                Subquery(
                    Season.objects.filter(champion=OuterRef("pk"), finished_at__isnull=False)
                    .order_by()
                    .values("champion")
                    .annotate(n=Count("pk"))
                    .values("n")[:1]
                ),
                Value(0),
                output_field=IntegerField(),
            ),
        )
        .select_related("coach")
        .order_by("name", "pk")
    )
    rows = [
        AllTimeRow(
            team=team,
            seasons=team.seasons_played,
            played=team.played,
            wins=team.wins,
            draws=team.draws,
            losses=team.losses,
            goals_for=team.goals_for,
            goals_against=team.goals_against,
            points=team.wins * league.points_win
            + team.draws * league.points_draw
            + team.losses * league.points_loss,
            titles=team.titles,
        )
        for team in teams
        if team.played or team.retired_at is None
    ]
    rows.sort(key=lambda r: (-r.points, -r.goal_difference, -r.goals_for, -r.titles))
    for position, row in enumerate(rows, start=1):
        row.position = position
    return rows


def champions_list(*, league: League) -> QuerySet[Season]:
    """The league's finished seasons, oldest first, each with its champion (one query)."""
    return (
        Season.objects.filter(league=league, finished_at__isnull=False)
        .select_related("champion")
        .order_by("finished_at", "pk")
    )
