"""The Mythril championship table: points per result as the engine counts them (a win 3, a
draw and a loss the league's settings, a forfeit 3 against 0 whatever the score). Trophy
matches do not count."""

from dataclasses import dataclass, field
from typing import Any

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


def standings_table(*, season: Season) -> list[Row]:
    league = League.objects.get(pk=season.league_id)  # its points as saved
    system = get_system(RULE_SYSTEM)
    table = PointsTable(win=3, draw=league.points_draw, loss=league.points_loss)
    teams = Team.objects.filter(league=league).filter(season_teams(season=season))
    rows = {team.pk: Row(team) for team in teams.order_by("name")}
    results = Result.objects.filter(fixture__season=season, fixture__mythril_trophy__isnull=True
                                    ).select_related("fixture")
    for result in results:
        winner = None if result.winner == Result.Winner.DRAW else result.winner
        outcome = MatchOutcome(result.home_score, result.away_score, winner, result.decided_by,
                               result.seed, {"forfeit": result.record.get("report", {})
                                             .get("forfeit")})
        points = system.standings_points(outcome, table)
        for side, scored, conceded, got in (
            ("home", result.home_score, result.away_score, points[0]),
            ("away", result.away_score, result.home_score, points[1]),
        ):
            row = rows.get(getattr(result.fixture, f"{side}_id"))
            if row is None:
                continue
            row.played += 1
            row.touchdowns_for += scored
            row.touchdowns_against += conceded
            row.points += got
            if winner is None:
                row.draws += 1
            elif winner == side:
                row.wins += 1
            else:
                row.losses += 1
    ranked = sorted(rows.values(), key=lambda r: (-r.points, -r.difference,
                                                  -r.touchdowns_for, r.team.name))
    for position, row in enumerate(ranked, start=1):
        row.position = position
    return ranked
