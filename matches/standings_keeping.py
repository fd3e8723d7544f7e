"""Standings kept with the results: each team's record in a season (``matches.models.Standing``)
counted again whenever one of its results is written, changed or removed, in that same
transaction, so a read costs a couple of queries whatever the number of rounds.

One place hears every write of a single result: ``matches.receivers`` (``post_save`` and
``post_delete`` of ``Result``: simulated, entered or confirmed in a game, awarded by forfeit,
corrected, voided, deleted with its fixture). A writer that bypasses the signals
(``bulk_create``, a queryset ``update``) calls :func:`standings_refresh` for the teams it
touched; one that writes many results in one transaction may wrap them in
:func:`standings_deferred` to count each team once at the end.

A refresh counts a team's whole season again from the results (a few dozen rows) rather than
adding a difference: it needs no "before" of a corrected result and cannot drift. Two
transactions that refresh the same team wait on the team's row lock (taken in team order, after
``matches.locking``'s locks); under PostgreSQL's READ COMMITTED the second counts after the
first has committed, so neither result is lost.
"""

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import connection, transaction
from django.db.models import Q

from core.bulk import rows_update_values
from league.models import Season
from matches import plugins
from matches.models import Fixture, Result, Standing

COUNTED = ("played", "wins", "draws", "losses", "goals_for", "goals_against")
ALL_TEAMS = None
"""``team_ids`` of a whole season's refresh."""

_pending: ContextVar[dict[int, set[int] | None] | None] = ContextVar(
    "standings_pending", default=None
)


def standings_count(
    lines: Iterable[tuple[int, int, int, int, str]], team_ids: Iterable[int]
) -> dict[int, dict[str, int]]:
    """Each team's played, wins, draws, losses, scored and conceded in ``lines`` (home id, away
    id, home score, away score, winner), for the teams of ``team_ids`` only."""
    counts = {team_id: dict.fromkeys(COUNTED, 0) for team_id in team_ids}
    for home, away, home_score, away_score, winner in lines:
        for team_id, side, scored, conceded in (
            (home, "home", home_score, away_score),
            (away, "away", away_score, home_score),
        ):
            row = counts.get(team_id)
            if row is None:
                continue
            row["played"] += 1
            row["goals_for"] += scored
            row["goals_against"] += conceded
            if winner == Result.Winner.DRAW:
                row["draws"] += 1
            elif winner == side:
                row["wins"] += 1
            else:
                row["losses"] += 1
    return counts


def _counts(rule_system: str, season_id: int, team_ids: list[int]) -> dict[int, dict[str, int]]:
    """The game's own counts of those teams (``matches.plugins.standings``), if it keeps any."""
    counts = plugins.standings.of(rule_system).standings_counts
    return dict(counts(season_id=season_id, team_ids=team_ids))


def _season_teams(season_id: int) -> set[int]:
    """Teams with a fixture in the season, or a kept row (to be counted down to nothing)."""
    fixtures = Fixture.objects.filter(season_id=season_id).values_list("home_id", "away_id")
    teams = {team_id for pair in fixtures for team_id in pair}
    return teams | set(
        Standing.objects.filter(season_id=season_id).values_list("team_id", flat=True)
    )


def standings_refresh(
    *,
    season_id: int,
    team_ids: Iterable[int] | None = ALL_TEAMS,
    rule_system: str | None = None,
) -> int:
    """Count again, from the season's results, the kept standings of ``team_ids`` (every team
    of the season when omitted) and return how many rows were written.

    Call it inside the transaction that wrote the results (it opens one otherwise): a bulk
    writer of results calls it once for the teams or the season it touched. Inside
    :func:`standings_deferred` it only notes them, for the end of the block. A caller that
    holds the season's game (``rule_system``) spares the read of it.
    """
    pending = _pending.get()
    if pending is not None:
        noted = pending.get(season_id, set())
        if team_ids is ALL_TEAMS or noted is ALL_TEAMS:
            pending[season_id] = ALL_TEAMS
        else:
            pending[season_id] = noted | set(team_ids)
        return 0
    # No savepoint of its own: a failure here fails the result's whole transaction.
    with transaction.atomic(savepoint=False):
        if rule_system is None:
            rule_system = (
                Season.objects.filter(pk=season_id)
                .values_list("league__rule_system", flat=True)
                .first()
            )
        if rule_system is None:  # the season is gone (deleted with its results)
            return 0
        ids = sorted(_season_teams(season_id) if team_ids is ALL_TEAMS else set(team_ids))
        if not ids:
            return 0
        rows = _rows_locked(season_id, ids)
        # Counted after the lock: a concurrent writer of these teams has committed by now.
        lines = (
            Result.objects.filter(fixture__season_id=season_id)
            .filter(Q(fixture__home_id__in=ids) | Q(fixture__away_id__in=ids))
            .values_list(
                "fixture__home_id", "fixture__away_id", "home_score", "away_score", "winner"
            )
        )
        counts = standings_count(lines, ids)
        extras = _counts(rule_system, season_id, ids)
        # The rows whose count changed, in one UPDATE ... FROM (VALUES ...): cheaper than one
        # statement per row or bulk_update's CASE expressions; a row that stands is not written.
        changed = []
        for row in rows:
            values = {**counts[row.team_id], "extra": extras.get(row.team_id, {})}
            if any(getattr(row, key) != value for key, value in values.items()):
                for key, value in values.items():
                    setattr(row, key, value)
                changed.append(row)
        rows_update_values(Standing, changed, [*COUNTED, "extra"])
        return len(rows)


def _rows_locked(season_id: int, team_ids: list[int]) -> list[Standing]:
    """The kept rows of ``team_ids`` in the season, those missing made first (a team's first
    result), then every one locked in team order. The inserts come before any lock, so a
    transaction never waits on another's new row while holding a row that one wants."""
    _rows_create(season_id, team_ids)
    locked = Standing.objects.select_for_update().filter(season_id=season_id, team_id__in=team_ids)
    return list(locked.order_by("team_id"))


def _rows_create(season_id: int, team_ids: list[int]) -> None:
    """A zero row for each of ``team_ids`` in the season that has none. On PostgreSQL one
    ``INSERT ... SELECT`` from an array of the ids (no model instance, one parameter for the
    ids), elsewhere ``bulk_create``; both ignore the rows that exist."""
    if connection.vendor != "postgresql":
        Standing.objects.bulk_create(
            [Standing(season_id=season_id, team_id=team_id) for team_id in team_ids],
            ignore_conflicts=True,
        )
        return
    zero = [Standing._meta.get_field(name).column for name in COUNTED]
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {Standing._meta.db_table} (season_id, team_id, {', '.join(zero)}, extra) "
            f"SELECT %s, team_id, {', '.join('0' for _ in zero)}, '{{}}'::jsonb "
            "FROM unnest(%s::bigint[]) AS team_id ON CONFLICT DO NOTHING",
            [season_id, list(team_ids)],
        )


@contextmanager
def standings_deferred() -> Iterator[None]:
    """Within the block, result writes only note the teams they touch; each season's teams
    are counted once when the block ends without an error (in season order). For a writer of
    many results in one transaction: use it inside that transaction."""
    if _pending.get() is not None:  # nested: the outer block counts
        yield
        return
    pending: dict[int, set[int] | None] = {}
    token = _pending.set(pending)
    try:
        yield
    finally:
        _pending.reset(token)
    for season_id in sorted(pending):
        standings_refresh(season_id=season_id, team_ids=pending[season_id])


def standings_rebuild(*, season_ids: Iterable[int] | None = None) -> int:
    """Count again the kept standings of ``season_ids`` (every season when None), one
    transaction per season; returns the number of rows written."""
    ids = Season.objects.order_by("pk").values_list("pk", flat=True)
    if season_ids is not None:
        ids = ids.filter(pk__in=list(season_ids))
    return sum(standings_refresh(season_id=season_id) for season_id in list(ids))


def standings_drift(*, season_id: int) -> list[int]:
    """Teams of the season whose kept row differs from a count of the results now (left by a
    writer that bypassed the signals without calling :func:`standings_refresh`); reads only."""
    rule_system = (
        Season.objects.filter(pk=season_id).values_list("league__rule_system", flat=True).first()
    )
    if rule_system is None:
        return []
    kept = {row.team_id: row for row in Standing.objects.filter(season_id=season_id)}
    ids = sorted(_season_teams(season_id))
    lines = Result.objects.filter(fixture__season_id=season_id).values_list(
        "fixture__home_id", "fixture__away_id", "home_score", "away_score", "winner"
    )
    counts = standings_count(lines, ids)
    extras = _counts(rule_system, season_id, ids) if ids else {}
    drifted = []
    for team_id in ids:
        row = kept.get(team_id) or Standing(season_id=season_id, team_id=team_id)
        if row.pk is None and not counts[team_id]["played"]:
            continue  # never played: no row needed
        if {key: getattr(row, key) for key in COUNTED} != counts[team_id] or (
            row.extra != extras.get(team_id, {})
        ):
            drifted.append(team_id)
    return drifted
