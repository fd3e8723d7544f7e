"""Two workers racing on one fixture: the race is real without the row lock, gone with it."""

import contextlib
import threading
from unittest import mock

import pytest
from django.db import IntegrityError, close_old_connections, connection
from django.utils import timezone

import rules_engine
from matches import locking, services
from matches.models import Fixture, Result
from tests.factories import FixtureFactory, LeagueFactory, SeasonFactory, TeamFactory, full_lineup

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def _fixture():
    league = LeagueFactory()
    season = SeasonFactory(league=league)
    home, away = TeamFactory(league=league), TeamFactory(league=league)
    full_lineup(home)
    full_lineup(away)
    fixture = FixtureFactory(season=season, home=home, away=away, kickoff=timezone.now())
    services.fixture_kick_off(fixture_id=fixture.pk)
    return fixture


def _race(fixture_id: int) -> tuple[int, list[BaseException]]:
    """Run fixture_simulate in two threads that meet inside the engine if both get there."""
    barrier = threading.Barrier(2)
    engine_calls = []
    errors: list[BaseException] = []
    system = rules_engine.get_system("rotzball")
    real_resolve = system.resolve_match

    def meeting_resolve(*args, **kwargs):
        engine_calls.append(1)
        # If the other thread never gets here (it waits for the row lock), go on alone.
        with contextlib.suppress(threading.BrokenBarrierError):
            barrier.wait(timeout=3)
        return real_resolve(*args, **kwargs)

    def run():
        try:
            services.fixture_simulate(fixture_id=fixture_id)
        except BaseException as error:
            errors.append(error)
        finally:
            close_old_connections()
            connection.close()

    with mock.patch.object(
        type(system), "resolve_match", side_effect=meeting_resolve, autospec=False
    ):
        threads = [threading.Thread(target=run) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
    return len(engine_calls), errors


def test_without_the_row_lock_two_workers_both_simulate_and_one_hits_the_witness():
    fixture = _fixture()

    def unlocked(fixture_id):
        return (
            Fixture.objects.select_related("season__league", "home", "away")
            .filter(pk=fixture_id)
            .first()
        )

    with mock.patch.object(locking, "lock_fixture_with_teams", side_effect=unlocked):
        calls, errors = _race(fixture.pk)

    assert calls == 2  # both resolved the match: the race happened
    assert len(errors) == 1 and isinstance(
        errors[0], IntegrityError
    )  # the unique result refused the second
    assert Result.objects.filter(fixture=fixture).count() == 1


def test_with_the_row_lock_the_second_worker_waits_and_returns_the_first_result():
    fixture = _fixture()

    calls, errors = _race(fixture.pk)

    assert errors == []
    assert calls == 1  # the match was resolved once
    assert Result.objects.filter(fixture=fixture).count() == 1
    assert Fixture.objects.get(pk=fixture.pk).status == Fixture.Status.PLAYED
