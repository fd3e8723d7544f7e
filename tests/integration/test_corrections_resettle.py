"""A corrected result re-settles its market once, on the real PostgreSQL with a real Celery
worker: the correction's task delivered twice (and racing in two threads) pays once, a void
reverses the payments, and ``manage.py ledger_audit`` holds. A correction or void made while
the broker is down, or whose re-settlement fails in the database, is paid by the sweep, once."""

import json
import time
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from betting.models import Bet, Resettlement, Settlement
from betting.sweeps import settlements_sweep
from betting.tasks import correction_resettle_task
from ledger.audit import ledger_audit
from ledger.models import Transaction
from matches.corrections import result_correct, result_void
from matches.models import Result, ResultCorrection
from tests.factories import UserFactory
from tests.integration.conftest import broker_unreachable, wait_until
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


def _paid_market():
    league, [fixture] = _market(fixtures=1)
    _punters(league, [fixture])  # five punters, 50 each: three on home, two on away
    commissioner = UserFactory(username="boss")
    league.commissioner = commissioner
    league.save(update_fields=["commissioner"])
    _decide(fixture, winner="home")
    wait_until(lambda: _settled(fixture), timeout=60)
    return fixture, commissioner


def _correct_to_away(fixture, commissioner):
    return result_correct(
        result=Result.objects.get(fixture=fixture),
        home_score=0,
        away_score=2,
        winner="away",
        reason="Score sheets swapped",
        by=commissioner,
    )


def test_a_correction_resettles_once_on_the_worker(worker):
    fixture, commissioner = _paid_market()
    assert Bet.objects.filter(fixture=fixture, status="won").count() == 3

    correction = _correct_to_away(fixture, commissioner)
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

    result_void(
        result=Result.objects.get(fixture=fixture), reason="Replay ordered", by=commissioner
    )
    wait_until(lambda: not _settled(fixture), timeout=60)  # reversed by the worker
    assert Bet.objects.filter(fixture=fixture, status="open").count() == 5
    assert Transaction.objects.filter(fixture=fixture, reason="reversal").count() == 2
    _audit_ok()

    _decide(fixture, winner="home")  # the replay, paid by the worker
    wait_until(lambda: _settled(fixture), timeout=60)
    assert Bet.objects.filter(fixture=fixture, status="won").count() == 3
    _audit_ok()
    assert worker.errors() == []


def _owed(correction) -> bool:
    return Resettlement.objects.filter(pk=correction.pk, done_at=None).exists()


def _audit_fails() -> dict:
    with pytest.raises(CommandError):
        call_command("ledger_audit", stdout=StringIO())
    return ledger_audit()


def test_a_correction_and_a_void_with_the_broker_down_are_paid_by_the_sweep_once(
    worker, client, settings
):
    fixture, commissioner = _paid_market()
    client.force_login(commissioner)
    with broker_unreachable():  # the commissioner corrects through the form: 302 all the same
        answer = client.post(
            f"/matches/{fixture.pk}/correct/",
            {
                "home_score": 0,
                "away_score": 2,
                "winner": "away",
                "reason": "Sheets swapped",
                "confirm": "on",
            },
        )
    assert answer.status_code == 302
    correction = ResultCorrection.objects.get(fixture=fixture, kind="corrected")
    assert _owed(correction)
    time.sleep(1)  # had a message gone out, the worker would pay now
    assert Bet.objects.filter(fixture=fixture, status="won").count() == 3  # the old score
    assert any("paid 'home', its result now gives away" in p for p in _audit_fails()["problems"])

    settings.SWEEPER_GRACE_SECONDS = 0
    assert settlements_sweep()["resettlements_resent"] == 1
    wait_until(lambda: not _owed(correction), timeout=60)
    assert settlements_sweep()["resettlements_resent"] == 0
    correction_resettle_task.delay(correction.pk)  # a late duplicate of the lost message
    done_again = f"{{'correction': {correction.pk}, 'settlement': None}}"
    wait_until(lambda: done_again in worker.log_path.read_text(errors="replace"), timeout=60)
    assert Bet.objects.filter(fixture=fixture, status="won").count() == 2
    assert Transaction.objects.filter(fixture=fixture, reason="reversal").count() == 1
    assert Transaction.objects.filter(fixture=fixture, reason="settlement").count() == 2
    assert Settlement.objects.get(fixture=fixture, reversed_at=None).correction == correction
    _audit_ok()

    with broker_unreachable():
        answer = client.post(f"/matches/{fixture.pk}/void/", {"reason": "Replay", "confirm": "on"})
    assert answer.status_code == 302
    void = ResultCorrection.objects.get(fixture=fixture, kind="voided")
    assert _owed(void) and _settled(fixture)
    _audit_fails()

    assert settlements_sweep()["resettlements_resent"] == 1
    wait_until(lambda: not _owed(void), timeout=60)
    assert settlements_sweep()["resettlements_resent"] == 0
    assert not _settled(fixture)
    assert Bet.objects.filter(fixture=fixture, status="open").count() == 5
    assert Transaction.objects.filter(fixture=fixture, reason="reversal").count() == 2
    _audit_ok()
    assert worker.errors() == []


FAIL_REVERSALS = """
CREATE FUNCTION it_fail_reversals() RETURNS trigger AS $$
BEGIN RAISE EXCEPTION 'made to fail: a reversal'; END $$ LANGUAGE plpgsql;
CREATE TRIGGER it_fail_reversals BEFORE INSERT ON ledger_transaction
    FOR EACH ROW WHEN (NEW.reason = 'reversal') EXECUTE FUNCTION it_fail_reversals();
"""


def test_a_re_settlement_that_fails_in_the_database_is_retried_by_the_sweep(worker, settings):
    fixture, commissioner = _paid_market()
    with connection.cursor() as cursor:
        cursor.execute(FAIL_REVERSALS)
    correction = _correct_to_away(fixture, commissioner)
    wait_until(lambda: "made to fail" in worker.log_path.read_text(errors="replace"), timeout=60)
    assert _owed(correction)  # its claim rolled back with the failed payments
    assert Bet.objects.filter(fixture=fixture, status="won").count() == 3
    _audit_fails()

    with connection.cursor() as cursor:  # the cause mended
        cursor.execute("DROP TRIGGER it_fail_reversals ON ledger_transaction")
    settings.SWEEPER_GRACE_SECONDS = 0
    assert settlements_sweep()["resettlements_resent"] == 1
    wait_until(lambda: not _owed(correction), timeout=60)
    for _ in range(2):  # the sweep and the task again: nothing paid twice
        settlements_sweep()
        correction_resettle_task(correction.pk)

    assert Resettlement.objects.get(pk=correction.pk).sweep_attempts == 1
    assert Bet.objects.filter(fixture=fixture, status="won").count() == 2
    assert Transaction.objects.filter(fixture=fixture, reason="reversal").count() == 1
    assert Transaction.objects.filter(fixture=fixture, reason="settlement").count() == 2
    _audit_ok()
