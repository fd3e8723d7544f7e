"""The league page's tables as downloads (``core.exports``): a season's standings, in the game's
own table where it has one (``standings_rows``), and its fixtures with their results."""

from collections.abc import Iterable

from django.utils.translation import gettext_lazy as _

from core.exports import Table
from league.models import Season
from matches import plugins
from matches.models import Fixture
from matches.selectors import fixture_table
from matches.standings import standings_get

STANDINGS_COLUMNS = (
    "position",
    "team_id",
    "team",
    "played",
    "won",
    "drawn",
    "lost",
    "goals_for",
    "goals_against",
    "goal_difference",
    "points",
    "head_to_head",
)
STANDINGS_LABELS = (
    "#",
    _("Team id"),
    _("Team"),
    _("Played"),
    _("Won"),
    _("Drawn"),
    _("Lost"),
    _("Goals for"),
    _("Goals against"),
    _("Goal difference"),
    _("Points"),
    _("Head-to-head"),
)
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


def standings_generic(*, season: Season) -> Table:
    """The generic table: the kept standings rows, by the league's tie-breakers."""
    rows = [
        [
            row.position,
            row.team.pk,
            row.team.name,
            row.played,
            row.wins,
            row.draws,
            row.losses,
            row.goals_for,
            row.goals_against,
            row.goal_difference,
            row.points,
            row.head_to_head,
        ]
        for row in standings_get(season=season)
    ]
    if "head_to_head" in season.league.tiebreakers:
        return Table(STANDINGS_COLUMNS, rows, STANDINGS_LABELS)
    # the head-to-head points only where the league ranks by them
    return Table(STANDINGS_COLUMNS[:-1], [row[:-1] for row in rows], STANDINGS_LABELS[:-1])


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
