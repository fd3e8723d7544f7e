"""The Killpower Ball championship table: teams by ranking points (13.1).

Ranking points are team state, changed by each post-match sequence; the table shows them with
the power and division the engine computes now and the season's record. A finished season
shows them as they were when it finished (``Season.archive``, written by ``season_archive``). Ties on ranking
points go to the higher power, then the name (``tied_on`` names the teams still level on
ranking points and power).
"""

from dataclasses import dataclass, field

from league.models import Season, Team
from matches.models import Result
from matches.selectors import season_teams
from systems.killpower.selectors import living_prefetch, record_outcome, team_power


@dataclass
class RankingRow:
    team: Team
    ranking_points: int
    power: int
    division: int
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    abandoned: int = 0
    position: int = 0
    tied_on: list[str] = field(default_factory=list)


def ranking_table_get(*, season: Season) -> list[RankingRow]:
    """The league's teams by ranking points, with this season's record (three queries)."""
    teams = Team.objects.filter(league=season.league).filter(season_teams(season=season))
    teams = teams.select_related("coach", "killpower")
    rows = []
    frozen = season.archive.get("ranking", {}) if season.finished_at else {}
    for team in teams.prefetch_related(living_prefetch()).order_by("name", "pk"):
        kept = frozen.get(str(team.pk))
        if kept is not None:  # a finished season reads as it ended
            rows.append(RankingRow(team, *kept))
            continue
        power = team_power(team=team)
        rows.append(RankingRow(team, power.ranking_points, power.power, power.division))
    by_team = {row.team.pk: row for row in rows}
    results = Result.objects.filter(fixture__season=season).values_list(
        "fixture__home", "fixture__away", "winner", "decided_by"
    )
    for home, away, winner, decided_by in results:
        for team_id, side in ((home, "home"), (away, "away")):
            row = by_team.get(team_id)
            if row is None:
                continue
            row.played += 1
            key = record_outcome(side=side, winner=winner, decided_by=decided_by)
            setattr(row, key, getattr(row, key) + 1)
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
