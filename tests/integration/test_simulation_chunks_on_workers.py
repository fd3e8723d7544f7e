"""Chunks of fixtures simulated by a real Celery worker on PostgreSQL and Redis: a chunk
delivered twice plays each fixture once, and a worker killed in the middle of a chunk (its
results written, not committed) loses nothing: the chunk run again, or its fixtures swept,
plays every fixture exactly once."""

from datetime import timedelta

import psycopg
import pytest
from django.db import connection
from django.db.models import Count
from django.utils import timezone

from matches import services
from matches.models import Fixture, Result
from matches.standings import standings_get
from matches.tasks import fixtures_simulate_task
from tests.factories import LeagueFactory, SeasonFactory, TeamFactory, full_lineup
from tests.integration.conftest import someone_waits_on_a_lock, wait_until

pytestmark = pytest.mark.integration


def _season(teams: int):
    league = LeagueFactory(name="Chunked league")
    season = SeasonFactory(league=league)
    for index in range(teams):
        full_lineup(TeamFactory(league=league, name=f"Team {index}"), skill=30 + 4 * index)
    fixtures = services.fixtures_generate(
        season=season, double=True, first_kickoff=timezone.now() + timedelta(days=1)
    )
    return season, fixtures


def _played(season) -> int:
    return Fixture.objects.filter(season=season, status=Fixture.Status.PLAYED).count()


def _once_each(season) -> set[int]:
    per_fixture = (
        Result.objects.filter(fixture__season=season).values("fixture").annotate(n=Count("pk"))
    )
    return {row["n"] for row in per_fixture}


def test_every_chunk_delivered_twice_plays_each_fixture_once(worker):
    season, fixtures = _season(6)
    ids = [fixture.pk for fixture in fixtures]

    services.simulation_request(season=season, user=None)  # its chunks, after commit
    for start in range(0, len(ids), 4):  # ... and chunks of another cut, each sent twice
        fixtures_simulate_task.delay(ids[start : start + 4])
        fixtures_simulate_task.delay(ids[start : start + 4])
    wait_until(lambda: _played(season) == len(fixtures))

    assert Result.objects.filter(fixture__season=season).count() == 30
    assert _once_each(season) == {1}
    assert all(row.played == 10 for row in standings_get(season=season))
    assert worker.errors() == []


def _blocker():
    params = connection.get_connection_params()
    keys = ("dbname", "user", "host", "port", "password")
    return psycopg.connect(**{k: v for k, v in params.items() if k in keys})


def test_a_worker_killed_mid_chunk_loses_nothing_and_the_chunk_then_plays_once(worker):
    season, fixtures = _season(4)
    chunk = [fixture.pk for fixture in fixtures[:6]]
    for fixture_id in chunk:
        services.fixture_kick_off(fixture_id=fixture_id)

    # The chunk locks its fixtures, resolves them and writes their results; marking them played
    # then needs the fixtures table, which another session holds in SHARE mode: the worker is
    # stopped there, its results written but not committed, and killed.
    blocker = _blocker()
    blocker.execute("BEGIN")
    blocker.execute("LOCK TABLE matches_fixture IN SHARE MODE")
    fixtures_simulate_task.delay(chunk)
    try:
        wait_until(lambda: someone_waits_on_a_lock(blocker.info.backend_pid), timeout=60)
        with blocker.cursor() as cursor:  # the worker's uncommitted results exist already
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                " AND query LIKE 'UPDATE \"matches_fixture\"%%'"
            )
            assert cursor.fetchone()[0] == 1
        worker.kill()
    finally:
        blocker.rollback()
        blocker.close()

    assert not Result.objects.filter(fixture_id__in=chunk).exists()  # all rolled back
    assert set(Fixture.objects.filter(pk__in=chunk).values_list("status", flat=True)) == {
        Fixture.Status.LOCKED
    }

    worker.mark()
    worker.start(name="restarted")
    fixtures_simulate_task.delay(chunk)  # the message delivered again
    Fixture.objects.filter(pk__in=chunk).update(locked_at=timezone.now() - timedelta(minutes=10))
    swept = services.fixtures_sweep_due()  # ... and the sweeper sends the fixtures as well
    wait_until(lambda: Result.objects.filter(fixture_id__in=chunk).count() == len(chunk))
    wait_until(lambda: _played(season) == len(chunk))

    assert swept["enqueued"] >= 1
    assert Result.objects.filter(fixture__season=season).count() == len(chunk)
    assert _once_each(season) == {1}
    assert set(Fixture.objects.filter(pk__in=chunk).values_list("status", flat=True)) == {
        Fixture.Status.PLAYED
    }
