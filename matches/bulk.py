"""Fixtures and results written in bulk: a season's history at once (``manage.py
generate_load``), where the per-fixture services (``matches.services``) take a transaction,
row locks and a signal per fixture.

The rows are the ones those services write: a round robin by the same circle method, line-ups
frozen by each game's ``load_kick_off`` hook as its ``kick_off`` freezes them, simulated
results resolved as a worker's chunk resolves them
(``matches.simulation_chunks.results_resolve``, a seed each), entered results from the
game's ``load_results`` hook (:func:`rounds_played_at_the_table`: through the result-report
workflow, round by round). What the bulk writes skip, the caller owns: no
``fixtures_scheduled`` signal, no ``post_save`` of ``Result`` (betting settlement,
notifications, auditlog history), so the caller settles the bets of what it plays
(``betting.bulk``); ``results_write`` counts the kept standings itself.
"""

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from itertools import groupby
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from core.bulk import rows_insert
from league.models import Season, Team
from matches import plugins
from matches.models import Fixture, Result
from matches.scheduling import round_robin
from matches.seasons import season_champion
from matches.standings_keeping import standings_refresh
from matches.table_results.post_match import post_match_run
from matches.table_results.services import Play, reports_play

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


def results_write(*, results: Sequence[Result]) -> list[Result]:
    """Insert the results of saved fixtures, mark those fixtures played and count their
    seasons' kept standings again (the rows skip ``Result``'s ``post_save``)."""
    written = list(rows_insert(Result, results))
    ids = [result.fixture_id for result in results]
    seasons: set[int] = set()
    for start in range(0, len(ids), BATCH):
        chosen = Fixture.objects.filter(pk__in=ids[start : start + BATCH])
        chosen.update(status=Fixture.Status.PLAYED)
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


Draw = Callable[[Fixture], tuple[Any, int, int]]
"""A kicked-off fixture's entered result, the seed its result is read with and its
post-match seed, drawn by the game."""


def rounds_played_at_the_table(
    *, fixtures: Sequence[Fixture], by: User, draw: Draw
) -> list[Result]:
    """Saved fixtures of a game played at the table played round by round, as its users and
    workers play them: each fixture kicked off (``fixture_kick_off``) when its round comes,
    its result drawn by ``draw``, entered by the home coach and confirmed by the away coach
    (``reports_play``, ``by`` for a side without a coach), then its post-match sequence run
    (``post_match_run``). The saved results, in order."""
    from matches.services import fixture_kick_off

    results: list[Result] = []
    for _round, chosen in groupby(fixtures, key=lambda fixture: fixture.round):
        plays, seeds = [], []
        for fixture in chosen:
            kicked = fixture_kick_off(fixture_id=fixture.pk)
            entered, seed, post_match_seed = draw(kicked)
            plays.append(
                Play(
                    fixture=kicked,
                    entered_by=fixture.home.coach or by,
                    confirmed_by=fixture.away.coach or by,
                    result=entered,
                    seed=seed,
                )
            )
            seeds.append(post_match_seed)
        results += reports_play(plays=plays)
        for play, seed in zip(plays, seeds, strict=True):
            post_match_run(fixture_id=play.fixture.pk, seed=seed)
    return results
