"""A league's history across its seasons: the champions, season by season, and the all-time
table (every result of every season, per team, retired teams included).

Each is one query whatever the number of seasons or teams: the totals are counted in the
database (one subquery per side and figure, as the season standings do), the titles are a
count of the seasons a team won. Points use the league's points per result as they are set
now, for every season alike.
"""

from dataclasses import dataclass

from django.db.models import Count, F, Func, IntegerField, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce

from league.models import League, Season, Team
from matches.models import Result
from matches.standings import side_totals


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


def _seasons_played() -> Coalesce:
    """Seasons in which the team has a result, home or away."""
    count = Func(
        F("fixture__season"), function="COUNT", template="%(function)s(DISTINCT %(expressions)s)"
    )
    seasons = (
        Result.objects.filter(Q(fixture__home=OuterRef("pk")) | Q(fixture__away=OuterRef("pk")))
        .order_by()
        .annotate(n=count)
        .values("n")[:1]
    )
    return Coalesce(Subquery(seasons), Value(0), output_field=IntegerField())


def all_time_table(*, league: League) -> list[AllTimeRow]:
    """Every team that ever played in ``league``, best first: points, then score difference,
    score for, titles, name. One query."""
    teams = (
        Team.objects.filter(league=league)
        .annotate(**side_totals(None, "home", "away"), **side_totals(None, "away", "home"))
        .annotate(
            played=F("home_played") + F("away_played"),
            wins=F("home_wins") + F("away_wins"),
            draws=F("home_draws") + F("away_draws"),
            goals_for=F("home_for") + F("away_for"),
            goals_against=F("home_against") + F("away_against"),
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
            seasons_played=_seasons_played(),
        )
        .annotate(losses=F("played") - F("wins") - F("draws"))
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
