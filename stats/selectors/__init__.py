"""The statistics' reads (nothing is stored): the scope and its lines, the leaderboards, the
records, and a page's whole context."""

from stats.selectors.leaderboards import Board, Row, leaderboards
from stats.selectors.records import Record, records
from stats.selectors.scope import Scope, leagues, results, scope_read, season_of

__all__ = [
    "Board",
    "Record",
    "Row",
    "Scope",
    "leaderboards",
    "leagues",
    "records",
    "results",
    "scope_read",
    "season_of",
]
