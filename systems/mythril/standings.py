"""The Mythril championship table: points per result as the engine counts them (a win 3, a
draw and a loss the league's settings, a forfeit 3 against 0 whatever the score). Trophy
matches do not count. The counts are kept on the standings rows with the results
(``matches.models.Standing.extra``, :func:`standings_counts`); the points are worked out from
them with the league's settings when read."""

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from django.db.models import Q

from league.models import League, Season, Team
from matches.models import Result
from matches.selectors import teams_with_kept
from rules_engine.mythril.results import (
    POINT_UNITS,
    TABLE_COUNTS,
    ChampionshipPoints,
    Pair,
    Side,
    table_counts,
    table_order,
    table_points,
)


@dataclass
class Row:
    team: Team
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    touchdowns_for: int = 0
    touchdowns_against: int = 0
    points: int = 0
    position: int = 0

    @property
    def difference(self) -> int:
        return self.touchdowns_for - self.touchdowns_against


def standings_counts(*, season_id: int, team_ids: Iterable[int]) -> dict[int, dict[str, int]]:
    """Each team's record in the season as the Mythril table counts it (trophy matches apart,
    points through the engine's ``table_counts``), kept on its standings row (one query)."""
    ids = set(team_ids)
    counts = {team_id: Counter(dict.fromkeys((*TABLE_COUNTS, *POINT_UNITS), 0)) for team_id in ids}
    results = (
        Result.objects.filter(fixture__season_id=season_id, fixture__mythril_trophy__isnull=True)
        .filter(Q(fixture__home_id__in=ids) | Q(fixture__away_id__in=ids))
        .values_list(
            "fixture__home_id",
            "fixture__away_id",
            "home_score",
            "away_score",
            "winner",
            "record__report__forfeit",
        )
    )
    for home, away, home_score, away_score, winner, forfeit in results:
        lines = table_counts(
            Pair(home_score, away_score),
            None if winner == Result.Winner.DRAW else Side(winner),
            Side(forfeit) if forfeit else None,
        )
        for team_id, side in ((home, Side.HOME), (away, Side.AWAY)):
            if team_id in counts:
                counts[team_id].update(lines[side])
    return counts


def standings_table(*, season: Season) -> list[Row]:
    """The season's Mythril table from the kept standings (two queries)."""
    league = League.objects.get(pk=season.league_id)  # its points as saved
    points = ChampionshipPoints(draw=league.points_draw, loss=league.points_loss)
    rows = []
    for team in teams_with_kept(season=season, figures=["extra"]).order_by("name"):
        counts = team.kept_extra or {}
        row = Row(team, **{key: counts.get(key, 0) for key in TABLE_COUNTS})
        row.points = table_points(counts, points) if counts else 0
        rows.append(row)
    ranked = sorted(
        rows,
        key=lambda r: (*table_order(r.points, r.touchdowns_for, r.touchdowns_against), r.team.name),
    )
    for position, row in enumerate(ranked, start=1):
        row.position = position
    return ranked
