"""A coach's result entry racing the commissioner's (or the sweeper's) kick-off of the same
fixture: with the locks taken in two orders they deadlock; in the one order, both finish."""

import threading
import time
from unittest import mock

import pytest
from django.db import OperationalError, close_old_connections, connection

from matches import locking, services
from matches.models import Fixture
from matches.table_results import services as table_results
from matches.table_results.services import report_enter
from systems.killpower.models import ResultReport
from tests.systems.killpower.helpers import report

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

HOLD = 1.5  # seconds the result entry holds its first lock before taking the next


def _race(fixture: Fixture, coach) -> list[BaseException]:
    """The result entry takes its first lock and holds it; the kick-off starts meanwhile."""
    errors: list[BaseException] = []
    entering = threading.local()
    real_lock_teams, real_lock_fixture = locking.lock_teams, locking.lock_fixture

    def held(real):
        def lock(*args, **kwargs):
            locked = real(*args, **kwargs)
            if getattr(entering, "first", False):
                entering.first = False
                time.sleep(HOLD)
            return locked

        return lock

    def run(action, first_lock_held):
        entering.first = first_lock_held
        try:
            action()
        except BaseException as error:
            errors.append(error)
        finally:
            close_old_connections()
            connection.close()

    def enter():
        report_enter(fixture=fixture, user=coach, result=report(2, 1))

    def kick_off():
        services.fixture_kick_off(fixture_id=fixture.pk)

    with (
        mock.patch.object(locking, "lock_teams", held(real_lock_teams)),
        mock.patch.object(locking, "lock_fixture", held(real_lock_fixture)),
    ):
        threads = [
            threading.Thread(target=run, args=(enter, True)),
            threading.Thread(target=run, args=(kick_off, False)),
        ]
        threads[0].start()
        time.sleep(HOLD / 3)
        threads[1].start()
        for thread in threads:
            thread.join(timeout=30)
    return errors


def test_with_the_fixture_locked_before_its_teams_result_entry_and_kick_off_deadlock(
    kp_fixture, coach
):
    def fixture_first(fixture_id):  # the order result entry used to take
        fixture = locking.lock_fixture(fixture_id)
        locking.lock_teams([fixture.home_id, fixture.away_id])
        return fixture

    # only the result entry takes the reversed order; the kick-off keeps the real one
    with mock.patch.object(table_results, "locking", _ResultEntryLocking(fixture_first)):
        errors = _race(kp_fixture, coach)

    assert len(errors) == 1 and isinstance(errors[0], OperationalError)
    assert "deadlock" in str(errors[0])


def test_in_the_one_order_result_entry_and_kick_off_both_finish(kp_fixture, coach):
    errors = _race(kp_fixture, coach)

    assert errors == []
    kp_fixture.refresh_from_db()
    assert kp_fixture.status == Fixture.Status.LOCKED  # kicked off once, by whichever came first
    assert ResultReport.objects.filter(fixture=kp_fixture, status="pending").count() == 1


class _ResultEntryLocking:
    """``matches.locking`` as the result entry sees it, with its fixture lock taken first."""

    def __init__(self, fixture_first):
        self.lock_fixture_with_teams = fixture_first

    def __getattr__(self, name):
        return getattr(locking, name)
