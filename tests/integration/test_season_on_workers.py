"""A season simulated by a real Celery worker on PostgreSQL and Redis: exactly once, always."""

from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import Count
from django.utils import timezone

from matches import services
from matches.models import Fixture, Result
from matches.standings import standings_get
from matches.tasks import fixture_simulate_task
from tests.factories import LeagueFactory, SeasonFactory, TeamFactory, full_lineup
from tests.integration.conftest import someone_waits_on_a_lock, wait_until

pytestmark = pytest.mark.integration


def _season(teams: int = 6):
    league = LeagueFactory(name="Integration league")
    season = SeasonFactory(league=league)
    for index in range(teams):
        full_lineup(TeamFactory(league=league, name=f"Team {index}"), skill=30 + 5 * index)
    fixtures = services.fixtures_generate(
        season=season, double=True, first_kickoff=timezone.now() + timedelta(days=1)
    )
    return season, fixtures


def _played(season) -> int:
    return Fixture.objects.filter(season=season, status=Fixture.Status.PLAYED).count()


def test_a_season_resolves_every_fixture_exactly_once_even_when_each_task_is_sent_twice(worker):
    season, fixtures = _season(6)

    batch = services.simulation_request(
        season=season, user=None
    )  # enqueues once per fixture after commit
    for fixture in fixtures:
        fixture_simulate_task.delay(fixture.pk)  # ... and every task a second time
    wait_until(lambda: _played(season) == len(fixtures))

    per_fixture = (
        Result.objects.filter(fixture__season=season).values("fixture").annotate(n=Count("pk"))
    )
    assert len(fixtures) == 30 == batch.fixtures.count()
    assert Result.objects.filter(fixture__season=season).count() == 30
    assert {row["n"] for row in per_fixture} == {1}
    assert all(row.played == 10 for row in standings_get(season=season))
    assert worker.errors() == []


def test_a_worker_killed_mid_task_loses_nothing_and_the_sweeper_finishes_the_job(worker):
    _, fixtures = _season(2)
    target = fixtures[0]
    services.fixture_kick_off(fixture_id=target.pk)

    # Hold the fixture's row lock from another connection so the worker's task is stuck mid-way.
    import psycopg

    params = connection.get_connection_params()
    blocker = psycopg.connect(
        **{k: v for k, v in params.items() if k in ("dbname", "user", "host", "port", "password")}
    )
    blocker.execute("BEGIN")
    blocker.execute("SELECT id FROM matches_fixture WHERE id = %s FOR UPDATE", [target.pk])
    fixture_simulate_task.delay(target.pk)

    try:
        wait_until(lambda: someone_waits_on_a_lock(blocker.info.backend_pid), timeout=30)
        worker.kill()
    finally:
        blocker.rollback()
        blocker.close()

    target.refresh_from_db()
    assert target.status == Fixture.Status.LOCKED  # the killed task changed nothing
    assert not Result.objects.filter(fixture=target).exists()

    worker.mark()
    worker.start(name="restarted")
    # Past the sweeper's grace period, the periodic sweeper re-enqueues the stranded fixture.
    Fixture.objects.filter(pk=target.pk).update(locked_at=timezone.now() - timedelta(minutes=10))
    summary = services.fixtures_sweep_due()
    wait_until(lambda: Fixture.objects.get(pk=target.pk).status == Fixture.Status.PLAYED)

    assert summary["enqueued"] >= 1
    assert Result.objects.filter(fixture=target).count() == 1
