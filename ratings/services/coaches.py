"""The coaches' ratings: one rating period per ISO week, in two kinds of pool: each game (the
coach's results in every league of that game) and every game (``CoachRating.EVERY_GAME``).

A coach gets a row only for a week they played. Entering a week after ``k`` idle weeks, their
deviation grows as in ``k`` Glicko-2 periods without games (``glicko2.idle``). Coach pools
use the default system constant, 0.5 (a coach spans leagues, each with its own).

A week's row depends only on the ratings the coach and their opponents entered it with and on
the coach's games of that week. So a result entered, corrected or voided changes the rows of
its two coaches in its week; a later week is rated again only where a coach whose rows changed
played (``coach_pool_rerate``), which for the newest week is no week at all.
"""

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date, datetime
from functools import reduce
from itertools import groupby
from operator import or_

from django.db import connection
from django.db.models import Q, QuerySet

from matches.models import Result
from ratings.models import CoachRating
from ratings.services.played import (
    Played,
    marks,
    moment,
    played,
    played_where,
    rated_results,
    week_bounds,
)
from rules_engine.ratings.glicko2 import (
    DEFAULT_TAU,
    NEW_ENTRANT,
    Rating,
    idle,
    rate_period,
)
from rules_engine.ratings.glicko2 import (
    Result as RatedGame,
)

COACH_TAU = DEFAULT_TAU
LOCK = 0x52415445  # the advisory lock of the coach pools ("RATE")


def coaches_lock() -> None:
    """Take, until the transaction ends, the lock under which coach rows are rated again: one
    worker at a time, so a week is never rated from rows another worker is rewriting (a
    coach's pools span leagues: no league row can stand for them). PostgreSQL only; SQLite
    runs one writer at a time anyway."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [LOCK])


@dataclass(frozen=True, slots=True)
class CoachState:
    """A coach's rating at the end of ``week``, after ``games`` rated games."""

    rating: Rating
    games: int
    week: date


def _entering(state: CoachState | None, week: date) -> Rating:
    if state is None:
        return NEW_ENTRANT
    return idle(state.rating, (week - state.week).days // 7 - 1)


def week_rate(
    *,
    week: date,
    games: Iterable[Played],
    states: Mapping[int, CoachState],
    coaches: Iterable[int] | None = None,
) -> dict[int, CoachState]:
    """The rating after ``week`` of each of ``coaches`` (every coach of ``games`` by default),
    from all their ``games`` of the week (by fixture) and everyone's ``states`` before it."""
    counts: dict[int, int] = defaultdict(int)
    period = []
    for p in games:
        assert p.home_coach is not None and p.away_coach is not None  # coached games only
        counts[p.home_coach] += 1
        counts[p.away_coach] += 1
        period.append(RatedGame(p.home_coach, p.away_coach, p.home_score))
    targets = list(counts) if coaches is None else [c for c in coaches if c in counts]
    starts = {c: _entering(states.get(c), week) for c in counts}
    rated = rate_period(starts, period, tau=COACH_TAU, only=targets)
    after = {}
    for coach in targets:
        before = states.get(coach)
        after[coach] = CoachState(
            rating=rated[coach], games=(before.games if before else 0) + counts[coach], week=week
        )
    return after


def row_of(coach: int, game: str, state: CoachState) -> CoachRating:
    return CoachRating(
        coach_id=coach,
        game=game,
        week=state.week,
        rating=state.rating.rating,
        rd=state.rating.rd,
        volatility=state.rating.volatility,
        games=state.games,
    )


def _state(row: CoachRating) -> CoachState:
    return CoachState(Rating(row.rating, row.rd, row.volatility), row.games, row.week)


def _pool(results: QuerySet[Result], game: str) -> QuerySet[Result]:
    if game == CoachRating.EVERY_GAME:
        return results
    return results.filter(fixture__season__league__rule_system=game)


def _of_coaches(results: QuerySet[Result], coaches: Iterable[int]) -> QuerySet[Result]:
    ids = list(coaches)
    return results.filter(Q(fixture__home__coach_id__in=ids) | Q(fixture__away__coach_id__in=ids))


_COACH_COLUMNS = "game, coach_id, rating, rd, volatility, games, week"


def _coach_rows(sql: str, params: list) -> dict[tuple[str, int], CoachState]:
    """Rows of ``_COACH_COLUMNS`` read by plain SQL, as states by ``(game, coach)``."""
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    return {
        (game, coach): CoachState(Rating(rating, rd, volatility), games, _day(week))
        for game, coach, rating, rd, volatility, games, week in rows
    }


def _on(day: date) -> object:
    """``day`` as the database compares a stored date with it (a plain SQL parameter)."""
    return connection.ops.adapt_datefield_value(day)


def _day(value: date | str) -> date:
    return date.fromisoformat(value) if isinstance(value, str) else value  # SQLite: text


def _states_before(games: Iterable[str], coaches: Iterable[int], week: date) -> dict:
    """Each coach's latest row before ``week`` in each pool of ``games``, by ``(game,
    coach)``: one plain SQL query (the coaches' rows before the week, numbered from the latest
    in each pool, the first of each kept)."""
    games, ids = sorted(games), sorted(coaches)
    if not games or not ids:
        return {}
    sql = (
        f"SELECT {_COACH_COLUMNS} FROM (SELECT {_COACH_COLUMNS}, ROW_NUMBER() OVER"
        " (PARTITION BY game, coach_id ORDER BY week DESC) AS latest"
        f" FROM {CoachRating._meta.db_table} WHERE game IN ({marks(games)})"
        f" AND coach_id IN ({marks(ids)}) AND week < %s) ranked WHERE latest = 1"
    )
    return _coach_rows(sql, [*games, *ids, _on(week)])


def _stored(games: list[str], coaches: Iterable[int], week: date) -> dict:
    """The coaches' stored rows of ``week`` in the pools ``games``, by ``(game, coach)``."""
    ids = sorted(coaches)
    if not ids or not games:
        return {}
    sql = (
        f"SELECT {_COACH_COLUMNS} FROM {CoachRating._meta.db_table}"
        f" WHERE game IN ({marks(games)}) AND week = %s AND coach_id IN ({marks(ids)})"
    )
    return _coach_rows(sql, [*games, _on(week), *ids])


def _of_week(start: datetime, end: datetime, coaches: set[int]) -> list[Played]:
    """The rated results kicked off in ``[start, end)`` where one of ``coaches`` coaches a
    side: plain SQL (``played.played_where``)."""
    if not coaches:
        return []
    ids = sorted(coaches)
    return played_where(
        f"f.kickoff >= %s AND f.kickoff < %s AND (h.coach_id IN ({marks(ids)})"
        f" OR a.coach_id IN ({marks(ids)}))",
        [moment(start), moment(end), *ids, *ids],
    )


def _same(row: CoachState | None, state: CoachState | None) -> bool:
    if row is None or state is None:
        return row is None and state is None
    return (row.rating, row.games) == (state.rating, state.games)


def _in_pool(p: Played, game: str) -> bool:
    return p.coached and (game == CoachRating.EVERY_GAME or p.game == game)


def _involving(games: Iterable[Played], coaches: set[int]) -> list[Played]:
    return [p for p in games if p.home_coach in coaches or p.away_coach in coaches]


def coach_pools_rerate(*, forced: Mapping[str, Mapping[date, Iterable[int]]]) -> int:
    """Rate each pool (a game, or every game) again where ``forced`` says a coach's games
    changed (pool: week: the coaches), and from there every later week where a coach whose
    rows changed played. A week rates again the coaches whose games changed, the coaches whose
    rows changed before and their opponents of the week; a coach whose new row equals the
    stored one is settled. The pools at the same week are read and written together (the
    common case: a result's game and every game). Returns the rows written. Run twice, the
    second run finds every row equal and writes nothing."""
    pending = {g: {w: set(c) for w, c in weeks.items()} for g, weeks in forced.items()}
    dirty: dict[str, set[int]] = {g: set() for g in pending}
    upcoming = {g: min(weeks) for g, weeks in pending.items() if weeks}
    written = 0
    while upcoming:
        week = min(upcoming.values())
        pools = sorted(g for g, w in upcoming.items() if w == week)
        keys = {g: dirty[g] | pending[g].pop(week, set()) for g in pools}
        start, end = week_bounds(week)
        first = _of_week(start, end, set().union(*keys.values()))
        involved = {
            g: {
                coach
                for p in _involving(first, keys[g])
                if _in_pool(p, g)
                for coach in (p.home_coach, p.away_coach)
            }
            for g in pools
        }
        # every game of the week of each coach rated again: their rating takes all of them
        second = _of_week(start, end, set().union(*involved.values()))
        games = {g: [p for p in _involving(second, involved[g]) if _in_pool(p, g)] for g in pools}
        everyone = {c for g in pools for p in games[g] for c in (p.home_coach, p.away_coach)}
        states = _states_before(pools, everyone, week)
        touched = set().union(*involved.values(), *keys.values())
        stored = _stored(pools, touched, week)
        replaced: list[Q] = []
        new = []
        for g in pools:
            pool_states = {c: state for (game, c), state in states.items() if game == g}
            after = week_rate(week=week, games=games[g], states=pool_states, coaches=involved[g])
            changed = set()
            for coach in involved[g] | keys[g]:
                if _same(stored.get((g, coach)), after.get(coach)):
                    if coach in after:
                        dirty[g].discard(coach)  # rated again to the same row: later weeks stand
                else:
                    changed.add(coach)
            gone = [c for c in changed if (g, c) in stored]
            if gone:
                replaced.append(Q(game=g, coach_id__in=gone))
            new += [row_of(c, g, after[c]) for c in sorted(changed) if c in after]
            dirty[g] |= changed
        if replaced:
            CoachRating.objects.filter(reduce(or_, replaced), week=week).delete()
        if new:
            CoachRating.objects.bulk_create(new)
            written += len(new)
        upcoming = _next_weeks(pending, dirty, upcoming, done=week, pools=pools)
    return written


def _next_weeks(
    pending: Mapping[str, Mapping[date, set[int]]],
    dirty: Mapping[str, set[int]],
    upcoming: Mapping[str, date],
    *,
    done: date,
    pools: list[str],
) -> dict[str, date]:
    """Each pool's next week to rate again: a pending one, or the next where a coach whose rows
    changed has a row (one query for the pools just rated). Every rated game has its row
    (written by its own task, which runs after the result's commit and under the same lock as
    this), so a coach's later games are found by their rows."""
    nexts = {g: w for g, w in upcoming.items() if g not in pools}
    for g in pools:
        if pending[g]:
            nexts[g] = min(pending[g])
    changed = {g: dirty[g] for g in pools if dirty[g]}
    if changed:
        games, coaches = sorted(changed), sorted(set().union(*changed.values()))
        sql = (
            f"SELECT game, MIN(week) FROM {CoachRating._meta.db_table}"
            f" WHERE game IN ({marks(games)}) AND coach_id IN ({marks(coaches)}) AND week > %s"
            " GROUP BY game"
        )
        with connection.cursor() as cursor:
            cursor.execute(sql, [*games, *coaches, _on(done)])
            rows = cursor.fetchall()
        # a coach changed in one pool may give another pool a week to look at: harmless, the
        # week rates again to the same rows
        for game, first in rows:
            first = _day(first)
            nexts[game] = min(nexts.get(game, first), first)
    return nexts


def coach_first_mismatch(*, game: str, coach: int) -> date | None:
    """The first week where the coach's stored rows of the pool disagree with the games they
    played (a row missing, one too many, or another count of games): where a voided result
    was, whose week its fixture no longer tells. ``None`` when they agree."""
    counts: dict[date, int] = defaultdict(int)
    for p in played(_of_coaches(_pool(rated_results(), game), [coach])):
        if p.coached:
            counts[p.week] += 1
    expected, total = {}, 0
    for week in sorted(counts):
        total += counts[week]
        expected[week] = total
    stored = dict(
        CoachRating.objects.filter(game=game, coach_id=coach).values_list("week", "games")
    )
    differ = [w for w in expected.keys() | stored.keys() if expected.get(w) != stored.get(w)]
    return min(differ, default=None)


def coach_pools_of(results: Iterable[Played]) -> dict[str, list[Played]]:
    """The rated results of each coach pool (each game, and every game), by week and fixture."""
    by_pool: dict[str, list[Played]] = defaultdict(list)
    for p in results:
        if p.coached:
            by_pool[p.game].append(p)
            by_pool[CoachRating.EVERY_GAME].append(p)
    for games in by_pool.values():
        games.sort(key=lambda p: (p.week, p.fixture_id))
    return dict(by_pool)


def coach_pool_rate_all(game: str, games: Iterable[Played]) -> list[tuple]:
    """Every row of the pool ``game`` from its ``games`` (by week and fixture), for the
    rebuild: tuples in the order of ``writing.COACH_COLUMNS``. A pure computation (no query):
    pools are rated apart, in parallel."""
    rows = []
    states: dict[int, CoachState] = {}
    for week, group in groupby(games, key=lambda p: p.week):
        after = week_rate(week=week, games=group, states=states)
        states.update(after)
        rows.extend(
            (coach, game, week, s.rating.rating, s.rating.rd, s.rating.volatility, s.games)
            for coach, s in sorted(after.items())
        )
    return rows
