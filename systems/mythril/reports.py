"""Results of Mythril matches played at the table: submitted, confirmed, disputed, decided.

As for Killpower Ball: the commissioner or either coach enters the result (a scheduled fixture
kicks off first); the other coach confirms or disputes; the commissioner decides (and may
correct it). Confirming or deciding records the ``Result`` once under the fixture's row lock,
writes the post-match sequence's ``pending`` row and, after commit, sends the post-match and
team-bet settlement tasks.
"""

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.enqueue import enqueue_on_commit
from core.refusals import Refused
from league.roles import is_commissioner
from matches import locking
from matches.events import report_disputed_publish, report_submitted_publish
from matches.models import Fixture, Result
from systems.mythril import POST_MATCH_TASK, RULE_SYSTEM, SETTLE_TASK
from systems.mythril.kickoff import kick_off
from systems.mythril.models import PostMatchRun, ResultReport
from systems.mythril.refusals import Forbidden
from systems.mythril.report_checks import validated


def _coaches(user: User, fixture: Fixture) -> bool:
    return bool(user.is_authenticated and user.pk in (fixture.home.coach_id, fixture.away.coach_id))


def _locked_fixture(fixture_id: int) -> Fixture:
    fixture = locking.lock_fixture_with_teams(fixture_id)
    if fixture is None:
        raise Refused("not_found", _("No such fixture."), field="fixture")
    if fixture.season.league.rule_system != RULE_SYSTEM:
        raise Refused(
            "not_mythril", _("Results are entered here for Mythril matches."), field="fixture"
        )
    return fixture


def _locked_report(report: ResultReport) -> tuple[Fixture, ResultReport]:
    fixture = _locked_fixture(report.fixture_id)
    locked = ResultReport.objects.select_for_update().get(pk=report.pk)
    locked.fixture = fixture
    return fixture, locked


def _assert_open(report: ResultReport, *allowed: str) -> None:
    if report.status in (allowed or (ResultReport.Status.PENDING,)):
        return
    raise Refused(
        "report_closed",
        _("This report is %(status)s.") % {"status": report.get_status_display().lower()},
        field="report",
    )


@transaction.atomic
def result_submit(*, fixture: Fixture, user: User, result: Mapping[str, Any]) -> ResultReport:
    """Enter a match's result; it waits for the other side's confirmation."""
    locked = _locked_fixture(fixture.pk)
    if not (is_commissioner(user, locked.season.league) or _coaches(user, locked)):
        raise Forbidden(_("Only the commissioner or a coach of this match enters its result."))
    if locked.season.finished_at is not None:
        raise Refused(
            "season_finished",
            _("Season %(name)s is finished and archived: it cannot change.")
            % {"name": locked.season.name},
            field="season",
        )
    if locked.status in (Fixture.Status.CANCELLED, Fixture.Status.PLAYED):
        raise Refused(
            "fixture_closed",
            _("This fixture is %(status)s.") % {"status": locked.get_status_display().lower()},
            field="fixture",
        )
    if locked.status == Fixture.Status.SCHEDULED:
        kick_off(locked)
    payload = validated(locked, result)
    ResultReport.objects.filter(fixture=locked, status__in=ResultReport.OPEN).update(
        status=ResultReport.Status.SUPERSEDED, reviewed_at=timezone.now()
    )
    report = ResultReport.objects.create(fixture=locked, submitted_by=user, payload=payload)
    report_submitted_publish(fixture=locked, report=report)
    return report


def _record(fixture: Fixture, report: ResultReport) -> Result:
    """The fixture's one ``Result`` as the engine's verdict counts it; the post-match sequence
    waits for a worker (``pending``), sent after commit with the team bets' settlement."""
    payload = report.payload
    counted = payload["verdict"]
    forfeit = payload["report"].get("forfeit")
    result = Result.objects.create(
        fixture=fixture,
        home_score=counted["score"]["home"],
        away_score=counted["score"]["away"],
        winner=counted["winner"] or Result.Winner.DRAW,
        decided_by="forfeit" if forfeit else "regulation",
        seed=0,
        record={**payload, "result_report": report.pk},
    )
    fixture.status = Fixture.Status.PLAYED
    fixture.save(update_fields=["status"])
    PostMatchRun.objects.get_or_create(fixture=fixture)  # one kept from a voided result, done
    enqueue_on_commit(POST_MATCH_TASK, fixture.pk)
    enqueue_on_commit(SETTLE_TASK, fixture.pk)
    return result


@transaction.atomic
def result_confirm(*, report: ResultReport, user: User) -> Result:
    """The other coach (or the commissioner) confirms: the result is recorded, once."""
    fixture, report = _locked_report(report)
    if not (
        is_commissioner(user, fixture.season.league)
        or (_coaches(user, fixture) and user.pk != report.submitted_by_id)
    ):
        raise Forbidden(
            _("The other coach or the commissioner confirms a result, not the one who entered it.")
        )
    _assert_open(report)
    result = _record(fixture, report)
    report.status = ResultReport.Status.CONFIRMED
    report.reviewed_by, report.reviewed_at = user, timezone.now()
    report.save(update_fields=["status", "reviewed_by", "reviewed_at"])
    return result


@transaction.atomic
def result_dispute(*, report: ResultReport, user: User, reason: str = "") -> ResultReport:
    """The other coach disputes: the report waits for the commissioner."""
    fixture, report = _locked_report(report)
    if not (_coaches(user, fixture) and user.pk != report.submitted_by_id):
        raise Forbidden(_("Only the other coach disputes a result."))
    _assert_open(report)
    if len(reason) > 500:
        raise Refused("too_long", _("Keep the reason under 500 characters."), field="reason")
    report.status, report.dispute_reason = ResultReport.Status.DISPUTED, reason
    report.save(update_fields=["status", "dispute_reason"])
    report_disputed_publish(fixture=fixture, report=report)
    return report


@transaction.atomic
def result_decide(
    *, report: ResultReport, user: User, result: Mapping[str, Any] | None = None, note: str = ""
) -> Result:
    """The commissioner decides a pending or disputed report, as it stands or corrected."""
    fixture, report = _locked_report(report)
    if not is_commissioner(user, fixture.season.league):
        raise Forbidden(_("Only the commissioner decides a result."))
    _assert_open(report, *ResultReport.OPEN)
    if len(note) > 500:
        raise Refused("too_long", _("Keep the note under 500 characters."), field="note")
    if result is not None:
        report.payload = validated(fixture, result)
    outcome = _record(fixture, report)
    report.status = ResultReport.Status.DECIDED
    report.reviewed_by, report.reviewed_at, report.note = user, timezone.now(), note
    report.save()
    return outcome
