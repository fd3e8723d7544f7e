"""The Killpower Ball championship table: teams by ranking points (13.1).

Ranking points are team state, changed by each post-match sequence; the table shows them with
the power and division the engine computes now and the season's record, read from the
standings kept with the results (``matches.models.Standing``; the abandons are this game's own
count, :func:`standings_counts`). A finished season
shows them as they were when it finished (``Season.archive``, written by ``season_archive``). Ties on ranking
points go to the higher power, then the name (``tied_on`` names the teams still level on
ranking points and power).
"""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db.models import Q, prefetch_related_objects

from league.models import Season, Team
from matches.models import Result
from matches.selectors import teams_with_kept
from systems.killpower.selectors.gladiators import LIVING_ATTR, living_prefetch, team_power


@dataclass
class RankingRow:
    team: Team
    ranking_points: int
    power: int
    division: int
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    abandoned: int = 0
    position: int = 0
    tied_on: list[str] = field(default_factory=list)


def standings_counts(*, season_id: int, team_ids: Iterable[int]) -> dict[int, dict[str, int]]:
    """The abandons of each team in the season (a loss the team abandoned), kept on its
    standings row: the row's ``losses`` are the other losses (one query)."""
    ids = set(team_ids)
    counts = {team_id: {"abandoned": 0} for team_id in ids}
    abandons = Result.objects.filter(fixture__season_id=season_id, decided_by="abandon").filter(
        Q(fixture__home_id__in=ids) | Q(fixture__away_id__in=ids)
    )
    for home, away, winner in abandons.values_list(
        "fixture__home_id", "fixture__away_id", "winner"
    ):
        loser = {"home": away, "away": home}.get(winner)  # a draw abandons nobody
        if loser in counts:
            counts[loser]["abandoned"] += 1
    return counts


def ranking_table_get(*, season: Season, read: Sequence[Team] = ()) -> list[RankingRow]:
    """The league's teams by ranking points, with this season's record (two queries; one
    when ``read``, the season's teams as a page read them, carry their living gladiators
    already: :func:`living_prefetch`, as the league page's readiness check reads them)."""
    figures = ("played", "wins", "draws", "losses", "extra")
    teams = teams_with_kept(season=season, figures=figures).select_related("coach", "killpower")
    teams = list(teams.order_by("name", "pk"))
    known = {team.pk: getattr(team, LIVING_ATTR) for team in read if hasattr(team, LIVING_ATTR)}
    for team in teams:
        if team.pk in known:
            setattr(team, LIVING_ATTR, known[team.pk])
    prefetch_related_objects(teams, living_prefetch())  # the teams not read yet
    rows = []
    frozen = season.archive.get("ranking", {}) if season.finished_at else {}
    for team in teams:
        kept = frozen.get(str(team.pk))
        if kept is not None:  # a finished season reads as it ended
            row = RankingRow(team, *kept)
        else:
            power = team_power(team=team)
            row = RankingRow(team, power.ranking_points, power.power, power.division)
        if team.kept_played is not None:
            abandoned = (team.kept_extra or {}).get("abandoned", 0)
            row.played, row.wins, row.draws = team.kept_played, team.kept_wins, team.kept_draws
            row.losses, row.abandoned = team.kept_losses - abandoned, abandoned
        rows.append(row)
    rows.sort(key=lambda row: (-row.ranking_points, -row.power))
    for position, row in enumerate(rows, start=1):
        row.position = position
        row.tied_on = [
            other.team.name
            for other in rows
            if other is not row
            and (other.ranking_points, other.power) == (row.ranking_points, row.power)
        ]
    return rows
