"""A corrected result re-settles its market once, on the real PostgreSQL with a real Celery
worker: the correction's task delivered twice (and racing in two threads) pays once, a
void reverses the payments in its own transaction, and ``manage.py ledger_audit`` holds."""

import json
from io import StringIO

import pytest
from django.core.management import call_command

from betting.models import Bet, Settlement, Transaction
from betting.tasks import correction_resettle_task
from matches.corrections import result_correct, result_void
from matches.models import Result
from tests.factories import UserFactory
from tests.integration.conftest import wait_until
from tests.integration.test_betting import _decide, _in_threads, _market, _punters

pytestmark = pytest.mark.integration


def _audit_ok() -> dict:
    out = StringIO()
    call_command("ledger_audit", stdout=out)  # raises CommandError when a promise is broken
    report = json.loads(out.getvalue())
    assert report["ok"], report
    return report


def _settled(fixture) -> bool:
    return Settlement.objects.filter(fixture=fixture, reversed_at=None).exists()


def test_a_correction_resettles_once_on_the_worker(worker):
    league, [fixture] = _market(fixtures=1)
    _punters(league, [fixture])  # five punters, 50 each: three on home, two on away
    commissioner = UserFactory(username="boss")
    league.commissioner = commissioner
    league.save(update_fields=["commissioner"])
    _decide(fixture, winner="home")  # the worker pays it
    wait_until(lambda: _settled(fixture), timeout=60)
    assert Bet.objects.filter(fixture=fixture, status="won").count() == 3

    correction = result_correct(result=Result.objects.get(fixture=fixture), home_score=0,
                                away_score=2, winner="away", reason="Score sheets swapped",
                                by=commissioner)
    wait_until(lambda: Settlement.objects.filter(correction=correction).exists(), timeout=60)
    correction_resettle_task.delay(correction.pk)  # delivered again
    outcomes = _in_threads(2, lambda _: correction_resettle_task(correction.pk))  # and raced
    done_again = f"{{'correction': {correction.pk}, 'settlement': None}}"
    wait_until(lambda: done_again in worker.log_path.read_text(errors="replace"), timeout=60)

    assert [o["settlement"] for o in outcomes] == [None, None]
    assert Settlement.objects.filter(fixture=fixture).count() == 2
    assert Transaction.objects.filter(fixture=fixture, reason="reversal").count() == 1
    assert Transaction.objects.filter(fixture=fixture, reason="settlement").count() == 2
    assert Bet.objects.filter(fixture=fixture, status="won").count() == 2
    assert Bet.objects.filter(fixture=fixture, status="lost").count() == 3
    _audit_ok()

    result_void(result=Result.objects.get(fixture=fixture), reason="Replay ordered",
                by=commissioner)
    assert not _settled(fixture)
    assert Bet.objects.filter(fixture=fixture, status="open").count() == 5
    assert Transaction.objects.filter(fixture=fixture, reason="reversal").count() == 2
    _audit_ok()

    _decide(fixture, winner="home")  # the replay, paid by the worker
    wait_until(lambda: _settled(fixture), timeout=60)
    assert Bet.objects.filter(fixture=fixture, status="won").count() == 3
    _audit_ok()
    assert worker.errors() == []
