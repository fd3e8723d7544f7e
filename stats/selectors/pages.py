"""A statistics page's whole context, and the rows of its download."""

from typing import Any

from core.exports import Column, Table, table_of
from league.models import League
from stats.selectors.leaderboards import Board, Row, leaderboards
from stats.selectors.records import records
from stats.selectors.scope import ALL, scope_read, season_of, team_of


def league_statistics_page(
    *,
    league: League,
    season_id: str | None,
    team_id: str | None = None,
    boards: bool = True,
    kept: bool = True,
) -> dict[str, Any]:
    """The league's leaderboards and records in the season ``season_id`` names (its latest
    without; all time with ``"all"``), and the scopes to switch to; with ``team_id``, the
    leaderboards' rows of that team and its players only. Refused for a season or team that
    is not the league's. ``boards`` and ``kept``: whether to rank the leaderboards and find
    the records (the API answers one or the other)."""
    season = season_of(league=league, season_id=season_id)
    team = team_of(league=league, team_id=team_id)
    scope = scope_read(league=league, season=season)
    ranked = leaderboards(scope=scope, team_id=team.pk if team else None) if boards else []
    return {
        "league": league,
        "season": season,
        "seasons": list(league.seasons.order_by("-created_at", "-pk")),
        "all_time": ALL,
        "scope_value": season.pk if season is not None else ALL,
        "results_count": len(scope.played),
        "team": team,
        "boards": ranked,
        "records": records(scope=scope) if kept else [],
    }


def _flat(boards: list[Board]) -> list[tuple[Board, Row]]:
    return [(board, row) for board in boards for row in board.rows]


COLUMNS = (
    Column("statistic", "statistic", lambda item: item[0].statistic.name),
    Column("per", "per", lambda item: item[0].per),
    Column("rank", "rank", lambda item: item[1].rank),
    Column("team_id", "team_id", lambda item: item[1].team.pk),
    Column("team", "team", lambda item: item[1].team.name),
    Column("player", "player", lambda item: item[1].player),
    Column("player_name", "player_name", lambda item: item[1].player_name),
    Column("value", "value", lambda item: item[1].value),
    Column("matches", "matches", lambda item: item[1].matches),
    Column("best_fixture_id", "best_fixture_id", lambda item: item[1].best_fixture_id),
    Column("best_value", "best_value", lambda item: item[1].best_value),
)


def leaderboards_table(*, boards: list[Board]) -> Table:
    """Every row of every leaderboard, one line each (``core.exports``)."""
    return table_of(COLUMNS, _flat(boards))
