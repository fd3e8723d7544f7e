"""The leaderboards: for each statistic a game declares, its teams (and, for a statistic
counted per player, its players) ranked by their total in the scope, best first.

Ties share a rank (1, 2, 2, 4); among them the one with fewer matches comes first (the same
total in fewer matches), then by name. A team's matches are its results in the scope; a
player's, the results where the game gave him a line. Each row names its best match: the fixture where it
made the most of the statistic (the earliest on a tie)."""

from collections import defaultdict
from dataclasses import dataclass, field

from django.urls import reverse

from league.models import Team
from stats.plugins import PLAYER, TEAM, Statistic
from stats.selectors.scope import Scope

LIMIT = 10
"""How many rows a leaderboard shows."""


@dataclass
class Row:
    team: Team
    value: int
    matches: int
    best_fixture_id: int
    best_value: int
    player: str = ""
    player_name: str = ""
    player_url: str | None = None
    rank: int = 0

    @property
    def team_url(self) -> str:
        return reverse("league:team", args=[self.team.pk])

    @property
    def best_url(self) -> str:
        return reverse("matches:fixture", args=[self.best_fixture_id])


@dataclass
class Board:
    statistic: Statistic
    per: str
    """``"team"`` or ``"player"``."""
    rows: list[Row] = field(default_factory=list)

    @property
    def key(self) -> str:
        return f"{self.statistic.name}-{self.per}"


def team_totals(scope: Scope) -> dict[str, dict[tuple[int, int], int]]:
    """``{statistic: {(fixture id, team id): total}}``: each side's total of each statistic in
    each result (a player statistic summed over the side's players)."""
    totals: dict[str, dict[tuple[int, int], int]] = defaultdict(lambda: defaultdict(int))
    for line in scope.lines:
        totals[line.statistic][(line.fixture_id, scope.team_of(line))] += line.value
    return totals


def leaderboards(*, scope: Scope, limit: int = LIMIT, team_id: int | None = None) -> list[Board]:
    """A team board for every statistic the game declares, then a player board for each
    statistic counted per player, in the order the game declares them: the ``limit`` best
    rows, or with ``team_id`` every row of that team (with its rank in the league)."""
    declared = list(scope.game.statistics())
    order = {fixture_id: index for index, fixture_id in enumerate(scope.played)}
    per_match: dict[tuple[str, str, int, str], dict[int, int]] = defaultdict(
        lambda: defaultdict(int)
    )
    names: dict[tuple[int, str], str] = {}
    for line in scope.lines:
        side = scope.team_of(line)
        per_match[(line.statistic, TEAM, side, "")][line.fixture_id] += line.value
        if line.player:
            key = (line.statistic, PLAYER, side, line.player)
            per_match[key][line.fixture_id] += line.value
            names[(side, line.player)] = line.player_name or line.player
    teams = Team.objects.in_bulk({key[2] for key in per_match})
    games: dict[int, int] = defaultdict(int)
    for played in scope.played.values():
        games[played.home_id] += 1
        games[played.away_id] += 1
    boards = {
        (statistic.name, per): Board(statistic, per)
        for statistic in declared
        for per in ((TEAM, PLAYER) if statistic.per == PLAYER else (TEAM,))
    }
    for (name, per, side, player), fixtures in per_match.items():
        board = boards.get((name, per))
        total = sum(fixtures.values())
        if board is None or total <= 0:
            continue
        best = min(fixtures, key=lambda f: (-fixtures[f], order[f]))
        board.rows.append(
            Row(
                team=teams[side],
                value=total,
                matches=games[side] if per == TEAM else len(fixtures),
                best_fixture_id=best,
                best_value=fixtures[best],
                player=player,
                player_name=names.get((side, player), ""),
            )
        )
    result = []
    for board in boards.values():
        board.rows.sort(
            key=lambda r: (-r.value, r.matches, r.player_name or r.team.name, r.team.pk)
        )
        _rank(board.rows)
        if team_id is None:
            board.rows = board.rows[:limit]
        else:
            board.rows = [row for row in board.rows if row.team.pk == team_id]
        for row in board.rows:
            if row.player:
                row.player_url = scope.game.player_url(team_id=row.team.pk, player=row.player)
        result.append(board)
    return result


def _rank(rows: list[Row]) -> None:
    """Competition ranking: equal totals share the rank, the next rank skips as many."""
    for index, row in enumerate(rows):
        same = index and rows[index - 1].value == row.value
        row.rank = rows[index - 1].rank if same else index + 1
