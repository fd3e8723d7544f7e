"""Reading the stored ratings. A team or coach without a row is a new entrant: the engine's
starting rating (1500, deviation 350, volatility 0.06)."""

from collections.abc import Iterable

from django.db.models import Q

from ratings.models import TeamRating
from rules_engine.ratings.glicko2 import Rating


def _as_rating(row: TeamRating) -> Rating:
    return Rating(rating=row.rating, rd=row.rd, volatility=row.volatility)


def team_ratings_current(team_ids: Iterable[int]) -> dict[int, Rating]:
    """Each team's latest rating, a new entrant's for a team never rated."""
    return team_ratings_entering(team_ids, season_id=None, round=None)


def team_ratings_entering(
    team_ids: Iterable[int], *, season_id: int | None, round: int | None
) -> dict[int, Rating]:
    """Each team's rating as it entered ``round`` of the season ``season_id``: its latest rating
    from an earlier period (an earlier round, or an earlier season of its league); the latest
    of all with ``season_id`` ``None``."""
    ids = list(team_ids)
    rows = TeamRating.objects.filter(team_id__in=ids)
    if season_id is not None:
        rows = rows.filter(Q(season_id__lt=season_id) | Q(season_id=season_id, round__lt=round))
    current = {team_id: Rating() for team_id in ids}
    # in period order, so the last row seen for a team is its latest
    for row in rows.order_by("season_id", "round"):
        current[row.team_id] = _as_rating(row)
    return current
