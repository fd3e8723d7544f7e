"""The Mythril championship table: points per result as the engine counts them (a win 3, a
draw and a loss the league's settings, a forfeit 3 against 0 whatever the score). Trophy
matches do not count. The counts are kept on the standings rows with the results
(``matches.models.Standing.extra``, :func:`standings_counts`); the points are worked out from
them with the league's settings when read."""

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db.models import F, FilteredRelation, Q

from league.models import League, Season, Team
from matches.models import Result
from matches.selectors import season_teams
from rules_engine import MatchOutcome, PointsTable, get_system
from systems.mythril import RULE_SYSTEM


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
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def difference(self) -> int:
        return self.touchdowns_for - self.touchdowns_against


COUNTED = ("played", "wins", "draws", "losses", "touchdowns_for", "touchdowns_against")
"""What a team's standings row counts of its results (its :class:`Row`'s fields)."""
POINT_UNITS = {"fixed": (0, 0), "draw_units": (1, 0), "loss_units": (0, 1)}
"""The points tables a result is counted with: a team's points are linear in the league's
draw and loss points (a win is 3 whatever the league), so ``fixed + draw_units * draw +
loss_units * loss`` gives its points under any settings, from the engine's own rule."""


def standings_counts(*, season_id: int, team_ids: Iterable[int]) -> dict[int, dict[str, int]]:
    """Each team's record in the season as the Mythril table counts it (trophy matches apart,
    points through the engine), kept on its standings row (one query)."""
    system = get_system(RULE_SYSTEM)
    ids = set(team_ids)
    counts = {team_id: dict.fromkeys((*COUNTED, *POINT_UNITS), 0) for team_id in ids}
    results = (
        Result.objects.filter(fixture__season_id=season_id, fixture__mythril_trophy__isnull=True)
        .filter(Q(fixture__home_id__in=ids) | Q(fixture__away_id__in=ids))
        .values_list(
            "fixture__home_id",
            "fixture__away_id",
            "home_score",
            "away_score",
            "winner",
            "decided_by",
            "seed",
            "record__report__forfeit",
        )
    )
    for home, away, home_score, away_score, winner, decided_by, seed, forfeit in results:
        won = None if winner == Result.Winner.DRAW else winner
        outcome = MatchOutcome(home_score, away_score, won, decided_by, seed, {"forfeit": forfeit})
        points = {
            key: system.standings_points(outcome, PointsTable(win=3, draw=draw, loss=loss))
            for key, (draw, loss) in POINT_UNITS.items()
        }
        for index, (team_id, side, scored, conceded) in enumerate(
            (
                (home, "home", home_score, away_score),
                (away, "away", away_score, home_score),
            )
        ):
            row = counts.get(team_id)
            if row is None:
                continue
            row["played"] += 1
            row["touchdowns_for"] += scored
            row["touchdowns_against"] += conceded
            row["draws" if won is None else "wins" if won == side else "losses"] += 1
            got = {key: value[index] for key, value in points.items()}
            row["fixed"] += got["fixed"]
            row["draw_units"] += got["draw_units"] - got["fixed"]
            row["loss_units"] += got["loss_units"] - got["fixed"]
    return counts


def standings_table(*, season: Season) -> list[Row]:
    """The season's Mythril table from the kept standings (two queries)."""
    league = League.objects.get(pk=season.league_id)  # its points as saved
    teams = (
        Team.objects.filter(league=league)
        .filter(season_teams(season=season))
        .annotate(kept=FilteredRelation("standings", condition=Q(standings__season=season)))
        .annotate(kept_extra=F("kept__extra"))
    )
    rows = []
    for team in teams.order_by("name"):
        counts = team.kept_extra or {}
        row = Row(team, **{key: counts.get(key, 0) for key in COUNTED})
        if counts:
            row.points = (
                counts["fixed"]
                + counts["draw_units"] * league.points_draw
                + counts["loss_units"] * league.points_loss
            )
        rows.append(row)
    ranked = sorted(rows, key=lambda r: (-r.points, -r.difference, -r.touchdowns_for, r.team.name))
    for position, row in enumerate(ranked, start=1):
        row.position = position
    return ranked
