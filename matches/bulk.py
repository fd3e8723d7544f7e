"""Fixtures and results written in bulk: a season's history at once (``manage.py
generate_load``), where the per-fixture services (``matches.services``) take a transaction,
row locks and a signal per fixture.

The rows are the ones those services write: a round robin by the same circle method, line-ups
frozen by each game's ``load_kick_off`` hook as its ``kick_off`` freezes them, simulated
results resolved as a worker's chunk resolves them
(``matches.simulation_chunks.results_resolve``, a seed each), entered results from the
game's ``load_results`` hook. What the bulk writes skip, the caller owns: no
``fixtures_scheduled`` signal, no ``post_save`` of ``Result`` (betting settlement,
notifications, auditlog history), so the caller settles the bets of what it plays
(``betting.bulk``); ``results_write`` counts the kept standings itself.
"""

from collections.abc import Sequence
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from core.bulk import rows_insert
from league.models import Season, Team
from matches import plugins
from matches.models import Fixture, Result
from matches.scheduling import round_robin
from matches.seasons import season_champion
from matches.standings_keeping import standings_refresh

BATCH = 1000
"""Rows per ``INSERT``: fixtures carry two frozen sheets each."""


def round_robin_plan(
    *,
    season: Season,
    teams: Sequence[Team],
    double: bool = True,
    first_kickoff: datetime,
    interval: timedelta = timedelta(days=7),
) -> list[Fixture]:
    """The season's round robin as ``fixtures_generate`` makes it, unsaved."""
    return [
        Fixture(
            season=season,
            round=number,
            home=home,
            away=away,
            kickoff=first_kickoff + (number - 1) * interval,
        )
        for number, pairs in enumerate(round_robin(list(teams), double=double), start=1)
        for home, away in pairs
    ]


def fixtures_write(*, fixtures: Sequence[Fixture]) -> list[Fixture]:
    """Insert the fixtures (a few statements); their ids are set on the objects."""
    return list(rows_insert(Fixture, fixtures))


def results_write(*, results: Sequence[Result], standings: bool = True) -> list[Result]:
    """Insert the results of saved fixtures, mark those fixtures played and count their
    seasons' kept standings again (the rows skip ``Result``'s ``post_save``), unless
    ``standings`` is false: the caller counts them once it has written a season's rounds."""
    written = list(rows_insert(Result, results))
    ids = [result.fixture_id for result in results]
    seasons: set[int] = set()
    for start in range(0, len(ids), BATCH):
        chosen = Fixture.objects.filter(pk__in=ids[start : start + BATCH])
        chosen.update(status=Fixture.Status.PLAYED)
        if standings:
            seasons.update(chosen.values_list("season_id", flat=True).distinct())
    for season_id in sorted(seasons):
        standings_refresh(season_id=season_id)
    return written


@transaction.atomic
def season_close(*, season: Season) -> Season:
    """Archive a season whose fixtures were all written played: its champion and its game's
    archive, as ``season_finish`` does, without telling its coaches (generated history)."""
    season.champion = season_champion(season=season)
    season.archive = plugins.seasons.of(season.league.rule_system).season_archive(season=season)
    season.finished_at = timezone.now()
    season.save(update_fields=["champion", "archive", "finished_at"])
    return season
