"""The table after each round of a season: every team's position (the league's tie-breakers
applied to the results up to that round), points and score difference.

One query for the teams and one for the season's results; the tables are then counted and
ranked in Python, round by round (``matches.standings.standings_rank``), so a season of 30
rounds costs what a season of one does.
"""

from dataclasses import dataclass, field
from itertools import groupby

from league.models import Season, Team
from matches.models import Result
from matches.standings import ResultLine, StandingRow, standings_rank


@dataclass
class TeamSeries:
    team: Team
    positions: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    score_difference: list[int] = field(default_factory=list)


@dataclass
class SeasonSeries:
    rounds: list[int]
    teams: list[TeamSeries]

    def of_team(self, team_id: int) -> TeamSeries | None:
        return next((series for series in self.teams if series.team.pk == team_id), None)


def _count(league, row: StandingRow, scored: int, conceded: int, outcome: str) -> None:
    row.played += 1
    row.goals_for += scored
    row.goals_against += conceded
    if outcome == "win":
        row.wins += 1
        row.points += league.points_win
    elif outcome == "draw":
        row.draws += 1
        row.points += league.points_draw
    else:
        row.losses += 1
        row.points += league.points_loss


def positions_by_round(*, season: Season) -> SeasonSeries:
    """Each team's position, points and score difference after every round with a result,
    teams in the order of the last table (the leader first)."""
    league = season.league
    teams = list(Team.objects.filter(league=league).select_related("coach").order_by("name", "pk"))
    lines = (
        Result.objects.filter(fixture__season=season)
        .order_by("fixture__round", "fixture_id")
        .values_list(
            "fixture__round", "fixture__home", "fixture__away", "home_score", "away_score", "winner"
        )
    )
    totals = {
        team.pk: StandingRow(
            team=team, played=0, wins=0, draws=0, losses=0, goals_for=0, goals_against=0, points=0
        )
        for team in teams
    }
    series = {team.pk: TeamSeries(team=team) for team in teams}
    played: list[ResultLine] = []
    rounds: list[int] = []
    for number, group in groupby(lines, key=lambda line: line[0]):
        for _round, home, away, home_score, away_score, winner in group:
            if home not in totals or away not in totals:
                continue
            draw = winner == Result.Winner.DRAW
            home_outcome = "draw" if draw else ("win" if winner == "home" else "loss")
            away_outcome = "draw" if draw else ("win" if winner == "away" else "loss")
            _count(league, totals[home], home_score, away_score, home_outcome)
            _count(league, totals[away], away_score, home_score, away_outcome)
            played.append((home, away, winner))
        rounds.append(number)
        # Ranking sets positions and head-to-head on the rows: rank copies, keep the totals.
        table = standings_rank(
            league=league, rows=[_copy(row) for row in totals.values()], results=played
        )
        for row in table:
            line = series[row.team.pk]
            line.positions.append(row.position)
            line.points.append(row.points)
            line.score_difference.append(row.goal_difference)
    ordered = sorted(series.values(), key=lambda line: line.positions[-1] if rounds else 0)
    return SeasonSeries(rounds=rounds, teams=ordered)


def _copy(row: StandingRow) -> StandingRow:
    return StandingRow(
        team=row.team,
        played=row.played,
        wins=row.wins,
        draws=row.draws,
        losses=row.losses,
        goals_for=row.goals_for,
        goals_against=row.goals_against,
        points=row.points,
    )
