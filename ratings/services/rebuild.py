"""Every rating computed again from the confirmed results alone (``manage.py ratings_rebuild``)."""

from itertools import groupby

from django.db import transaction

from league.models import League
from ratings.models import CoachRating, TeamRating
from ratings.services.coaches import coaches_rate_all
from ratings.services.played import played, rated_results
from ratings.services.teams import league_rerate, periods_rate, season_pools
from ratings.services.writing import COACH_COLUMNS, TEAM_COLUMNS, rows_write, tables_empty
from ratings.signals import team_ratings_changed


@transaction.atomic
def ratings_rebuild(*, league_ids: list[int] | None = None) -> dict[str, int]:
    """Delete the stored ratings and compute them again, in memory, written in bulk. With
    ``league_ids``, only those leagues' team ratings (a coach's span leagues: they are rebuilt
    with everything). Returns the rows written."""
    if league_ids is not None:
        teams = sum(
            league_rerate(league=league)
            for league in League.objects.filter(pk__in=league_ids).order_by("pk")
        )
        return {"teams": teams, "coaches": 0}
    had_rows = set(TeamRating.objects.values_list("season__league_id", flat=True).distinct())
    tables_empty(TeamRating, CoachRating)
    results = played(rated_results())
    taus = dict(League.objects.values_list("pk", "rating_tau"))
    pools = season_pools({p.season_id for p in results})
    by_league = sorted(results, key=lambda p: (p.league_id, p.season_id, p.round, p.fixture_id))
    teams = 0
    rated = set()
    for league_id, group in groupby(by_league, key=lambda p: p.league_id):
        rows = periods_rate(results=group, pools=pools, entering={}, tau=taus[league_id])
        teams += rows_write(TeamRating, TEAM_COLUMNS, rows)
        rated.add(league_id)
    coach_rows = coaches_rate_all(results)
    rows_write(CoachRating, COACH_COLUMNS, coach_rows)
    for league_id in sorted(rated | had_rows):
        team_ratings_changed.send(sender=TeamRating, league_id=league_id)
    return {"teams": teams, "coaches": len(coach_rows)}
