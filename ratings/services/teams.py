"""The teams' ratings: one rating period per round of a season, within the league.

Every team of the season (every team in one of its fixtures) is in each period's pool: a team
that did not play in the round has its deviation grow and still gets a row. A round without a
rated result is no period. Between seasons nothing happens: a team enters a season with its
last rating in the league.
"""

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from itertools import groupby

from django.db import connection, transaction
from django.db.models import Q

from league.models import League
from matches.models import Fixture
from ratings.models import TeamRating
from ratings.services.marks import league_lock, marks_write
from ratings.services.played import Played, marks, played_where
from ratings.services.writing import TEAM_COLUMNS, rows_write
from ratings.signals import team_ratings_changed
from rules_engine.ratings.glicko2 import NEW_ENTRANT, Rating, Result, rate_period

type Standing = tuple[Rating, int]
"""A rating and the rated games that led to it."""


def periods_rate(
    *,
    results: Iterable[Played],
    pools: Mapping[int, list[int]],
    entering: Mapping[int, Standing],
    tau: float,
) -> list[tuple]:
    """The rows of each period of ``results`` (one league's, ordered by season, round and
    fixture), every team of the season's pool (``pools``) rated, from the ratings the teams
    entered with (``entering``; a team missing is a new entrant): tuples in the order of
    ``writing.TEAM_COLUMNS``, not saved."""
    current = dict(entering)
    rows = []
    for (season_id, round_), group in groupby(results, key=lambda p: (p.season_id, p.round)):
        period = list(group)
        pool = pools[season_id]
        before = {team: current.get(team, (NEW_ENTRANT, 0))[0] for team in pool}
        after = rate_period(before, [Result(p.home, p.away, p.home_score) for p in period], tau=tau)
        counts = Counter([p.home for p in period] + [p.away for p in period])
        for team in pool:
            rating, games = after[team], current.get(team, (NEW_ENTRANT, 0))[1] + counts[team]
            current[team] = (rating, games)
            rows.append(
                (team, season_id, round_, rating.rating, rating.rd, rating.volatility, games, tau)
            )
    return rows


def season_pools(season_ids: Iterable[int]) -> dict[int, list[int]]:
    """The teams of each season: those in one of its fixtures, by id (one plain SQL query)."""
    ids = sorted(season_ids)
    pools: dict[int, set[int]] = defaultdict(set)
    if not ids:
        return {}
    sql = (
        f"SELECT DISTINCT season_id, home_id, away_id FROM {Fixture._meta.db_table}"
        f" WHERE season_id IN ({marks(ids)})"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, ids)
        for season_id, home, away in cursor.fetchall():
            pools[season_id].update((home, away))
    return {season_id: sorted(teams) for season_id, teams in pools.items()}


def _entering(team_ids: list[int], *, season_id: int, round_: int) -> dict[int, Standing]:
    """Each team's latest row before the period (``season_id``, ``round_``): one plain SQL
    query, a branch per team read through the unique index backwards."""
    if not team_ids:
        return {}
    branch = (
        "SELECT * FROM (SELECT team_id, rating, rd, volatility, games"
        f" FROM {TeamRating._meta.db_table} WHERE team_id = %s"
        " AND (season_id < %s OR (season_id = %s AND round < %s))"
        " ORDER BY season_id DESC, round DESC LIMIT 1) t{}"
    )
    sql = " UNION ALL ".join(branch.format(i) for i in range(len(team_ids)))
    params = [v for team in team_ids for v in (team, season_id, season_id, round_)]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return {
        team: (Rating(rating, rd, volatility), games)
        for team, rating, rd, volatility, games in rows
    }


@transaction.atomic(savepoint=False)  # inside a worker's transaction: no savepoint to pay for
def league_rerate(*, league: League, from_season_id: int | None = None, from_round: int = 1) -> int:
    """Rate the league's teams again from the period (``from_season_id``, ``from_round``) on
    (from its first season without a season): its rows from there deleted, each period rated
    again in order. Under the league's row lock, so two workers rate one after the other; the
    same results give the same rows, so running it twice changes nothing. Returns the rows
    written; ``team_ratings_changed`` is sent when rows were deleted or written."""
    # what the rows are rated from, counted before the results are read (``catch_up``)
    locked = league_lock(league_id=league.pk)
    if from_season_id is None:
        from_season_id, from_round = 0, 1
    since = Q(season_id__gt=from_season_id) | Q(season_id=from_season_id, round__gte=from_round)
    deleted, _ = TeamRating.objects.filter(since, season__league_id=locked.pk).delete()
    results = played_where(
        "s.league_id = %s AND (f.season_id > %s OR (f.season_id = %s AND f.round >= %s))",
        [locked.pk, from_season_id, from_season_id, from_round],
    )
    results.sort(key=lambda p: (p.season_id, p.round, p.fixture_id))
    rows: list[tuple] = []
    if results:
        pools = season_pools({p.season_id for p in results})
        first = results[0]
        teams = sorted({team for pool in pools.values() for team in pool})
        entering = _entering(teams, season_id=first.season_id, round_=first.round)
        rows = periods_rate(results=results, pools=pools, entering=entering, tau=locked.rating_tau)
        rows_write(TeamRating, TEAM_COLUMNS, rows)
    marks_write({locked.pk: (locked.results, locked.corrections)})
    if deleted or rows:
        team_ratings_changed.send(sender=TeamRating, league_id=locked.pk)
    return len(rows)
