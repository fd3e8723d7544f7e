"""The league page's tables as downloads (``core.exports``): a season's standings, in the game's
own table where it has one (``standings_rows``), and its fixtures with their results."""

from collections.abc import Iterable

from core.exports import Table
from league.models import Season
from matches import plugins
from matches.models import Fixture
from matches.selectors import fixture_table

FIXTURE_COLUMNS = (
    "id",
    "round",
    "kickoff",
    "status",
    "home_id",
    "home",
    "away_id",
    "away",
    "home_score",
    "away_score",
    "winner",
    "decided_by",
    "bracket_position",
)


def standings_export(*, season: Season) -> Table:
    """The season's table as its league page shows it: the game's, else the generic one."""
    return plugins.standings.of(season.league.rule_system).standings_rows(season=season)


def fixture_rows(fixtures: Iterable[Fixture]) -> list[list]:
    rows = []
    for fixture in fixtures:
        result = getattr(fixture, "result", None) if fixture.status == "played" else None
        rows.append(
            [
                fixture.pk,
                fixture.round,
                fixture.kickoff,
                fixture.status,
                fixture.home_id,
                fixture.home.name,
                fixture.away_id,
                fixture.away.name,
                result.home_score if result else None,
                result.away_score if result else None,
                result.winner if result else None,
                result.decided_by if result else None,
                fixture.bracket_position or None,
            ]
        )
    return rows


def fixtures_export(*, season: Season) -> Table:
    """The season's fixtures by round and kick-off, each with its score once played."""
    return Table(FIXTURE_COLUMNS, fixture_rows(fixture_table(season=season)))
