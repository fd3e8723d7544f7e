"""What a game that says nothing more gets from ``matches.plugins``: the generic table and its
download, the champion at the top of it (or the final's winner), and the result check of most
games.

Below ``matches.plugins`` (whose base classes call these) and the modules that call the points:
nothing here imports either.
"""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.exports import Column, Table, table_of
from league.models import League, Season, Team
from matches.models import Result
from matches.standings import standings_get

STANDINGS_TEAM = (
    Column("position", "#"),
    Column("team_id", gettext_lazy("Team id"), lambda row: row.team.pk),
    Column("team", gettext_lazy("Team"), lambda row: row.team.name),
)
"""The first columns of every game's table download: the place and the team."""
STANDINGS_RECORD = (
    Column("played", gettext_lazy("Played")),
    Column("won", gettext_lazy("Won"), lambda row: row.wins),
    Column("drawn", gettext_lazy("Drawn"), lambda row: row.draws),
    Column("lost", gettext_lazy("Lost"), lambda row: row.losses),
)
"""The matches a standings row counts (``matches.standings``' rows, Mythril's and Killpower's)."""
STANDINGS = (
    *STANDINGS_TEAM,
    *STANDINGS_RECORD,
    Column("goals_for", gettext_lazy("Goals for")),
    Column("goals_against", gettext_lazy("Goals against")),
    Column("goal_difference", gettext_lazy("Goal difference")),
    Column("points", gettext_lazy("Points")),
    Column("head_to_head", gettext_lazy("Head-to-head")),
)


def standings_generic(*, season: Season) -> Table:
    """The generic table: the kept standings rows, by the league's tie-breakers."""
    rows = standings_get(season=season)
    if "head_to_head" in season.league.tiebreakers:
        return table_of(STANDINGS, rows)
    # the head-to-head points only where the league ranks by them
    return table_of(STANDINGS[:-1], rows)


def season_champion_generic(*, season: Season) -> Team | None:
    """The final's winner in a tournament, else the top of the table by the league's
    tie-breakers; nobody when nothing was played (a game without its own say)."""
    league = season.league
    if league.competition_format == League.CompetitionFormat.TOURNAMENT:
        final = (
            Result.objects.filter(fixture__season=season)
            .exclude(winner=Result.Winner.DRAW)
            .select_related("fixture__home", "fixture__away")
            .order_by("-fixture__round", "-fixture__pk")
            .first()
        )
        if final is None:
            return None
        return final.fixture.home if final.winner == Result.Winner.HOME else final.fixture.away
    table = [row for row in standings_get(season=season) if row.played]
    return table[0].team if table else None


def default_result_check(*, home_score: int, away_score: int, winner: str) -> dict[str, str]:
    """The rule of most games: the side with more points wins; level scores go either way
    (possession, free throws or a draw decide)."""
    if home_score == away_score:
        return {}
    leader = "home" if home_score > away_score else "away"
    if winner != leader:
        return {
            "winner": _("With this score the winner is the %(side)s side.")
            % {"side": Result.Winner(leader).label.lower()}
        }
    return {}
