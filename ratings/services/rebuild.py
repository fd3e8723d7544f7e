"""Every rating computed again from the confirmed results alone (``manage.py ratings_rebuild``).

The results are read once; then the leagues (each one's teams) and the coach pools (each game,
and every game) are independent computations: with ``jobs`` above 1 they run in that many
forked processes (no query there: the results are read before the fork, the rows come back as
``COPY`` text), the biggest first, while this process writes each chunk as it comes back."""

import multiprocessing
import os
from collections.abc import Callable
from itertools import groupby

from django.db import connection, transaction

from league.models import League
from ratings.models import CoachRating, RatedUpTo, TeamRating
from ratings.services.coaches import coach_pool_rate_all, coach_pools_of
from ratings.services.marks import marks_write, with_counts
from ratings.services.played import Played, played_where
from ratings.services.teams import league_rerate, periods_rate, season_pools
from ratings.services.writing import (
    COACH_COLUMNS,
    TEAM_COLUMNS,
    copy_text,
    rows_write,
    tables_empty,
    text_write,
)
from ratings.signals import team_ratings_changed

PARALLEL_FROM = 20_000
"""Fewer rated results than this are rated in this process: forking costs more than it saves."""
LEAGUES_PER_CHUNK = 25
"""Leagues rated by one task of the pool (a chunk of team rows)."""

type Unit = Callable[[], tuple[type[TeamRating] | type[CoachRating], list[tuple]]]

_units: list[Unit] = []
"""The computations of the rebuild in progress, inherited by the forked processes."""


def default_jobs() -> int:
    return os.cpu_count() or 1


def _units_of(results: list[Played]) -> list[tuple[int, Unit]]:
    """Each computation with its size (its results), the biggest first."""
    taus = dict(League.objects.values_list("pk", "rating_tau"))
    pools = season_pools({p.season_id for p in results})
    by_league = sorted(results, key=lambda p: (p.league_id, p.season_id, p.round, p.fixture_id))
    leagues = [list(group) for _, group in groupby(by_league, key=lambda p: p.league_id)]

    def teams_of(chunk: list[list[Played]]) -> Unit:
        def run() -> tuple[type[TeamRating], list[tuple]]:
            rows: list[tuple] = []
            for league in chunk:
                tau = taus[league[0].league_id]
                rows += periods_rate(results=league, pools=pools, entering={}, tau=tau)
            return TeamRating, rows

        return run

    def coaches_of(game: str, games: list[Played]) -> Unit:
        return lambda: (CoachRating, coach_pool_rate_all(game, games))

    units: list[tuple[int, Unit]] = []
    for start in range(0, len(leagues), LEAGUES_PER_CHUNK):
        chunk = leagues[start : start + LEAGUES_PER_CHUNK]
        units.append((sum(map(len, chunk)), teams_of(chunk)))
    for game, games in sorted(coach_pools_of(results).items()):
        units.append((len(games), coaches_of(game, games)))
    units.sort(key=lambda unit: -unit[0])
    return units


def _run(index: int) -> tuple[str, str | list[tuple], int]:
    """In a forked process: one computation, its rows as ``COPY`` text on PostgreSQL (cheaper
    to send back than the tuples, and written as they are)."""
    model, rows = _units[index]()
    if connection.vendor == "postgresql":
        return model.__name__, copy_text(rows), len(rows)
    return model.__name__, rows, len(rows)


@transaction.atomic
def ratings_rebuild(*, league_ids: list[int] | None = None, jobs: int | None = None) -> dict:
    """Delete the stored ratings and compute them again, in memory, written in bulk, in
    ``jobs`` processes (every core by default; one for a small volume). With ``league_ids``,
    only those leagues' team ratings (a coach's span leagues: they are rebuilt with
    everything). Returns the rows written."""
    if league_ids is not None:
        teams = sum(
            league_rerate(league=league)
            for league in League.objects.filter(pk__in=league_ids).order_by("pk")
        )
        return {"teams": teams, "coaches": 0}
    had_rows = set(TeamRating.objects.values_list("season__league_id", flat=True).distinct())
    tables_empty(TeamRating, CoachRating, RatedUpTo)
    # what the rows are rated from, counted before the results are read (``catch_up``)
    counts = {
        pk: (seen_results, seen_corrections)
        for pk, seen_results, seen_corrections in with_counts(League.objects.all()).values_list(
            "pk", "seen_results", "seen_corrections"
        )
    }
    results = played_where("1 = 1", [])  # every rated result, in plain SQL
    units = _units_of(results)
    jobs = default_jobs() if jobs is None else jobs
    written = {"TeamRating": 0, "CoachRating": 0}
    models = {"TeamRating": TeamRating, "CoachRating": CoachRating}
    if jobs > 1 and len(results) >= PARALLEL_FROM:
        _units[:] = [unit for _, unit in units]
        try:
            # forked: the workers never touch the connection they inherit (no query there)
            with multiprocessing.get_context("fork").Pool(min(jobs, len(_units))) as pool:
                for name, rows, count in pool.imap_unordered(_run, range(len(_units))):
                    model = models[name]
                    columns = TEAM_COLUMNS if model is TeamRating else COACH_COLUMNS
                    if isinstance(rows, str):
                        text_write(model, columns, rows)
                    else:
                        rows_write(model, columns, rows)
                    written[name] += count
        finally:
            _units.clear()
    else:
        for _, unit in units:
            model, rows = unit()
            columns = TEAM_COLUMNS if model is TeamRating else COACH_COLUMNS
            written[model.__name__] += rows_write(model, columns, rows)
    marks_write(counts)
    rated = {p.league_id for p in results}
    for league_id in sorted(rated | had_rows):
        team_ratings_changed.send(sender=TeamRating, league_id=league_id)
    return {"teams": written["TeamRating"], "coaches": written["CoachRating"]}
