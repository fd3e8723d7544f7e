"""The results that count for the ratings, read once in the shape the rating code needs.

A result is rated when its fixture is played and it was not decided by forfeit: a draw scores
0.5 for each side, a win 1 and a loss 0. A coach's result is read through the team's coach as
it is now (``Team.coach``): the worker and ``ratings_rebuild`` read the same column, so they
agree; a coach change is applied to past weeks by the next rebuild.
"""

from collections.abc import Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.dateparse import parse_datetime

from core.registry import FORFEIT
from matches.models import Fixture, Result

SCORES = {Result.Winner.HOME: 1.0, Result.Winner.DRAW: 0.5, Result.Winner.AWAY: 0.0}

FIELDS = (
    "fixture_id",
    "fixture__season__league_id",
    "fixture__season__league__rule_system",
    "fixture__season_id",
    "fixture__round",
    "fixture__home_id",
    "fixture__away_id",
    "fixture__home__coach_id",
    "fixture__away__coach_id",
    "fixture__kickoff",
    "winner",
)


class Played(NamedTuple):
    """One rated result (a named tuple: a rebuild makes one per result, cheaply)."""

    fixture_id: int
    league_id: int
    game: str
    season_id: int
    round: int
    home: int
    away: int
    home_coach: int | None
    away_coach: int | None
    week: date
    home_score: float

    @property
    def coached(self) -> bool:
        """Both sides have a coach, and not the same one: the game rates the coaches."""
        return None not in (self.home_coach, self.away_coach) and (
            self.home_coach != self.away_coach
        )


def week_of(moment: datetime) -> date:
    """The Monday of the ISO week of ``moment``, in the site's time zone."""
    day = timezone.localtime(moment).date()
    return day - timedelta(days=day.weekday())


def week_bounds(week: date) -> tuple[datetime, datetime]:
    """The first instant of the week of Monday ``week`` and of the next one."""
    zone = timezone.get_current_timezone()
    start = datetime(week.year, week.month, week.day, tzinfo=zone)
    end_day = week + timedelta(days=7)
    return start, datetime(end_day.year, end_day.month, end_day.day, tzinfo=zone)


def rated_results() -> QuerySet[Result]:
    """Every result the ratings count."""
    return Result.objects.filter(fixture__status=Fixture.Status.PLAYED).exclude(decided_by=FORFEIT)


def _tables() -> dict[str, str]:
    from league.models import League, Season, Team

    return {
        "result": Result._meta.db_table,
        "fixture": Fixture._meta.db_table,
        "season": Season._meta.db_table,
        "league": League._meta.db_table,
        "team": Team._meta.db_table,
    }


def _played_sql() -> str:
    t = _tables()
    return (
        "SELECT f.id, s.league_id, l.rule_system, f.season_id, f.round, f.home_id, f.away_id,"
        " h.coach_id, a.coach_id, f.kickoff, r.winner"
        f" FROM {t['result']} r JOIN {t['fixture']} f ON f.id = r.fixture_id"
        f" JOIN {t['season']} s ON s.id = f.season_id JOIN {t['league']} l ON l.id = s.league_id"
        f" JOIN {t['team']} h ON h.id = f.home_id JOIN {t['team']} a ON a.id = f.away_id"
        " WHERE f.status = %s AND r.decided_by <> %s AND ({where}) ORDER BY f.id"
    )


def marks(values: Sequence[Any]) -> str:
    """``%s, %s, ...``, one for each of ``values`` (an ``IN`` list of plain SQL)."""
    return ", ".join(["%s"] * len(values))


def moment(value: datetime) -> Any:
    """``value`` as the database compares a stored moment with it (a plain SQL parameter)."""
    return connection.ops.adapt_datetimefield_value(value)


def played_where(where: str, params: Sequence[Any]) -> list[Played]:
    """The rated results that match ``where`` (plain SQL over ``f`` the fixture, ``s`` its
    season, ``l`` its league, ``h`` and ``a`` its teams, ``r`` the result) as :class:`Played`,
    by fixture: what :func:`played` of :func:`rated_results` reads, without the ORM building
    the query (a result's worker reads its periods this way, several times)."""
    sql = _played_sql().format(where=where)
    with connection.cursor() as cursor:
        cursor.execute(sql, [Fixture.Status.PLAYED, FORFEIT, *params])
        return _rows_played(cursor.fetchall())


def _aware(kickoff: Any) -> datetime:
    if isinstance(kickoff, str):  # SQLite's plain cursor
        kickoff = parse_datetime(kickoff)
    if timezone.is_naive(kickoff):
        kickoff = kickoff.replace(tzinfo=UTC)
    return kickoff


def played(results: QuerySet[Result]) -> list[Played]:
    """``results`` (already narrowed to :func:`rated_results`) as :class:`Played`, by fixture.
    A round's fixtures share few kick-off times: each one's week is computed once."""
    return _rows_played(results.order_by("fixture_id").values_list(*FIELDS))


def _rows_played(rows: Any) -> list[Played]:
    weeks: dict[Any, date] = {}
    out = []
    for (
        fixture_id,
        league_id,
        game,
        season_id,
        round_,
        home,
        away,
        home_coach,
        away_coach,
        kickoff,
        winner,
    ) in rows:
        week = weeks.get(kickoff)
        if week is None:
            week = weeks[kickoff] = week_of(_aware(kickoff))
        out.append(
            Played(
                fixture_id,
                league_id,
                game,
                season_id,
                round_,
                home,
                away,
                home_coach,
                away_coach,
                week,
                SCORES[winner],
            )
        )
    return out
