"""Every correction and void reaches its re-settlement once, whatever is lost on the way: its
witness (``Resettlement``) is written with it, claimed by the task, sent again by the betting
sweep; ``ledger_audit`` reports a settlement paid on an old result; a voided fixture leaves
its simulation batch and waits for its new kick-off."""

import importlib
from datetime import timedelta

import pytest
from django.db import DatabaseError
from django.utils import timezone

from betting import settlement
from betting.models import Bet, Resettlement, Settlement
from betting.settlement import correction_resettle
from betting.sweeps import settlements_sweep
from ledger.audit import ledger_audit
from ledger.models import Transaction
from matches import services as match_services
from matches.corrections import result_correct, result_void
from matches.models import Fixture, Result, ResultCorrection, SimulationBatch
from tests.corrections.conftest import play
from tests.factories import FixtureFactory

pytestmark = pytest.mark.django_db


def statuses(fixture) -> list[str]:
    return list(Bet.objects.filter(fixture=fixture).order_by("pk").values_list("status", flat=True))


def correct_to_away(played, commissioner):
    return result_correct(
        result=played,
        home_score=0,
        away_score=1,
        winner="away",
        reason="Goal disallowed",
        by=commissioner,
    )


def test_a_correction_whose_message_is_lost_is_paid_by_the_sweep_once(
    played, fixture, commissioner, settings, django_capture_on_commit_callbacks
):
    settings.SWEEPER_GRACE_SECONDS = 0
    with django_capture_on_commit_callbacks(execute=False):  # the broker lost the message
        correction = correct_to_away(played, commissioner)
    witness = Resettlement.objects.get(pk=correction.pk)
    assert (witness.fixture_id, witness.done_at) == (fixture.pk, None)
    assert statuses(fixture) == ["won", "lost"]  # still paid on the old score
    assert not ledger_audit()["ok"]

    with django_capture_on_commit_callbacks(execute=True):
        assert settlements_sweep()["resettlements_resent"] == 1
    with django_capture_on_commit_callbacks(execute=True):
        assert settlements_sweep()["resettlements_resent"] == 0  # done: nothing sent again

    assert statuses(fixture) == ["lost", "won"]
    assert Resettlement.objects.get(pk=correction.pk).done_at is not None
    assert Transaction.objects.filter(fixture=fixture, reason="reversal").count() == 1
    assert Settlement.objects.get(fixture=fixture, reversed_at=None).correction == correction
    assert correction_resettle(correction_id=correction.pk) is None  # a late second delivery
    assert Transaction.objects.filter(fixture=fixture, reason="settlement").count() == 2
    assert ledger_audit()["ok"]


def test_the_sweep_waits_for_the_grace_period(
    played, commissioner, settings, django_capture_on_commit_callbacks
):
    settings.SWEEPER_GRACE_SECONDS = 120
    with django_capture_on_commit_callbacks(execute=False):
        correct_to_away(played, commissioner)
    assert settlements_sweep()["resettlements_resent"] == 0  # its own message is on its way


def test_a_re_settlement_that_fails_stays_owed_and_is_retried(
    played, fixture, commissioner, settings, monkeypatch, django_capture_on_commit_callbacks
):
    settings.SWEEPER_GRACE_SECONDS = 0
    with django_capture_on_commit_callbacks(execute=False):
        correction = correct_to_away(played, commissioner)

    def broken(**kwargs):
        raise DatabaseError("the ledger refused the payment")

    with monkeypatch.context() as patch:
        patch.setattr(settlement, "fixture_settle", broken)
        with pytest.raises(DatabaseError):
            correction_resettle(correction_id=correction.pk)
    assert Resettlement.objects.get(pk=correction.pk).done_at is None  # the claim rolled back
    assert statuses(fixture) == ["won", "lost"]

    with django_capture_on_commit_callbacks(execute=True):
        settlements_sweep()

    assert statuses(fixture) == ["lost", "won"]
    assert ledger_audit()["ok"]


def test_the_sweep_gives_up_after_its_attempts_and_says_why(
    played, commissioner, settings, django_capture_on_commit_callbacks
):
    settings.SWEEPER_GRACE_SECONDS = 0
    settings.SWEEPER_MAX_ATTEMPTS = 2
    with django_capture_on_commit_callbacks(execute=False):
        correction = correct_to_away(played, commissioner)
        sent = [settlements_sweep()["resettlements_resent"] for _ in range(3)]
    assert sent == [1, 1, 0]
    witness = Resettlement.objects.get(pk=correction.pk)
    assert witness.sweep_attempts == 2 and "after 2 tries" in witness.problem


def test_a_fixture_not_settled_yet_is_paid_by_its_corrected_result(
    fixture, bet_on, commissioner, django_capture_on_commit_callbacks
):
    bet_on(fixture, "home", 100)
    bet_on(fixture, "away", 50)
    with django_capture_on_commit_callbacks(execute=False):  # its settlement not run yet
        played = play(fixture, 2, 1)
        correct_to_away(played, commissioner)
    assert not Resettlement.objects.exists()

    settlement.fixture_settle(fixture_id=fixture.pk)

    assert statuses(fixture) == ["lost", "won"]
    assert ledger_audit()["ok"]


def test_a_void_whose_message_is_lost_is_reversed_by_the_sweep(
    played, fixture, commissioner, settings, django_capture_on_commit_callbacks
):
    settings.SWEEPER_GRACE_SECONDS = 0
    with django_capture_on_commit_callbacks(execute=False):
        void = result_void(
            result=played,
            reason="Replay",
            by=commissioner,
            kickoff=timezone.now() + timedelta(days=3),
        )
    assert statuses(fixture) == ["won", "lost"]
    report = ledger_audit()
    assert not report["ok"]
    assert any(
        f"fixture {fixture.pk}:" in problem and "no result" in problem
        for problem in report["problems"]
    )

    with django_capture_on_commit_callbacks(execute=True):
        settlements_sweep()

    assert statuses(fixture) == ["open", "open"]
    assert not Settlement.objects.filter(fixture=fixture, reversed_at=None).exists()
    assert Resettlement.objects.get(pk=void.pk).done_at is not None
    assert ledger_audit()["ok"]


def test_the_audit_reports_a_settlement_paid_on_an_old_result(played, fixture):
    assert ledger_audit()["ok"]  # the normal path
    Result.objects.filter(fixture=fixture).update(winner="away", home_score=0)  # behind its back

    report = ledger_audit()

    assert not report["ok"]
    assert report["problems"] == [
        f"fixture {fixture.pk}: settlement "
        f"{Settlement.objects.get(fixture=fixture).pk} paid 'home', its result now gives away"
    ]


def test_the_audit_reports_a_cancelled_fixture_whose_bets_were_not_refunded(played, fixture):
    Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.CANCELLED)

    report = ledger_audit()

    assert not report["ok"]
    assert "its result now gives cancelled" in report["problems"][0]


def test_a_voided_fixture_leaves_its_batch_and_waits_for_its_new_kick_off(
    fixture, season, commissioner, run_on_commit
):
    batch = run_on_commit(
        match_services.simulation_request, season=season, user=None, fixture=fixture
    )
    SimulationBatch.objects.filter(pk=batch.pk).update(
        created_at=timezone.now() - timedelta(hours=1)  # long past the sweeper's grace
    )
    kickoff = timezone.now() + timedelta(days=3)

    run_on_commit(
        result_void,
        result=Result.objects.get(fixture=fixture),
        reason="Replay",
        by=commissioner,
        kickoff=kickoff,
    )
    run_on_commit(match_services.fixtures_sweep_due)

    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.SCHEDULED
    assert not Result.objects.filter(fixture=fixture).exists()
    assert not batch.fixtures.exists()

    Fixture.objects.filter(pk=fixture.pk).update(kickoff=timezone.now() - timedelta(seconds=1))
    run_on_commit(match_services.fixtures_sweep_due)  # its new kick-off has come: replayed
    assert Fixture.objects.get(pk=fixture.pk).status == Fixture.Status.PLAYED


def test_a_market_left_on_an_old_result_before_witnesses_owes_its_re_settlement(
    played, fixture, commissioner, settings, django_capture_on_commit_callbacks
):
    from django.apps import apps
    from django.db import connection

    migration = importlib.import_module("betting.migrations.0006_owe_lost_resettlements")
    with django_capture_on_commit_callbacks(execute=False):  # lost, as before this release
        correct_to_away(played, commissioner)
    Resettlement.objects.all().delete()  # no witness then
    other = FixtureFactory(season=fixture.season, round=2, home=fixture.away, away=fixture.home)
    Settlement.objects.create(fixture=other, outcome="home")  # paid on its result: owes nothing
    play(other, 3, 0)

    migration.owe_lost_resettlements(apps, connection.schema_editor())

    correction = ResultCorrection.objects.get(fixture=fixture)
    assert list(Resettlement.objects.values_list("pk", "fixture_id", "done_at")) == [
        (correction.pk, fixture.pk, None)
    ]
    settings.SWEEPER_GRACE_SECONDS = 0
    with django_capture_on_commit_callbacks(execute=True):
        settlements_sweep()
    assert statuses(fixture) == ["lost", "won"]
    assert ledger_audit()["ok"]
