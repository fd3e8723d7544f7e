"""Results of Tutatis matches, as for Killpower Ball: a coach (or the commissioner) enters
it, the other coach confirms or disputes, the commissioner decides.

Recording happens once, under the fixture's row lock (the one-to-one ``Result`` witnesses
it): the engine reads the score in points (goals 3, over the bar 1) and the badly hurt
players; after commit the post-match task carries the injuries over
(:mod:`~systems.tutatis.services.post_match`).
"""

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.enqueue import enqueue_on_commit
from matches.events import report_disputed_publish, report_submitted_publish
from matches.models import Fixture, Result
from rules_engine import Dice, InvalidInput
from rules_engine.tutatis import SYSTEM
from systems.tutatis import POST_MATCH_TASK, roles
from systems.tutatis.kickoff import kick_off
from systems.tutatis.models import ResultReport
from systems.tutatis.services.fixtures import locked_fixture

MAX_TEXT = 500


def _engine_result(fixture: Fixture, result: Mapping[str, Any]) -> Any:
    try:
        return SYSTEM.record_result(  # type: ignore[attr-defined]
            fixture.home_sheet, fixture.away_sheet, result, dice=Dice(0)
        )
    except InvalidInput as error:
        raise ValidationError({error.field: [error.message]}) from None


@transaction.atomic
def result_submit(*, fixture: Fixture, user: User, result: Mapping[str, Any]) -> ResultReport:
    """Enter a result; it waits for the other side. A new report supersedes the open one."""
    locked = locked_fixture(fixture.pk)
    if not roles.can_enter_result(user, locked):
        raise PermissionDenied(
            _("Only the commissioner or a coach of this match enters its result.")
        )
    if locked.status == Fixture.Status.SCHEDULED:
        kick_off(locked)
    outcome = _engine_result(locked, result)
    ResultReport.objects.filter(fixture=locked, status__in=ResultReport.OPEN).update(
        status=ResultReport.Status.SUPERSEDED, reviewed_at=timezone.now()
    )
    report = ResultReport.objects.create(
        fixture=locked, submitted_by=user, payload=outcome.record["result"]
    )
    report_submitted_publish(fixture=locked, report=report)
    return report


def _open(report: ResultReport) -> ResultReport:
    fixture = locked_fixture(report.fixture_id)
    locked = ResultReport.objects.select_for_update().get(pk=report.pk)
    locked.fixture = fixture
    if locked.status not in ResultReport.OPEN:
        raise ValidationError({"report": [_("This report is no longer open.")]})
    return locked


def _record(report: ResultReport) -> Result:
    fixture = report.fixture
    outcome = _engine_result(fixture, report.payload)
    result = Result.objects.create(
        fixture=fixture,
        home_score=outcome.home_score,
        away_score=outcome.away_score,
        winner=outcome.winner or Result.Winner.DRAW,
        decided_by=outcome.decided_by,
        seed=outcome.seed,
        record={**outcome.record, "result_report": report.pk},
    )
    fixture.status = Fixture.Status.PLAYED
    fixture.save(update_fields=["status"])
    enqueue_on_commit(POST_MATCH_TASK, fixture.pk)
    return result


@transaction.atomic
def result_confirm(*, report: ResultReport, user: User) -> Result:
    locked = _open(report)
    if locked.status != ResultReport.Status.PENDING:
        raise ValidationError(
            {"report": [_("This result is disputed: the commissioner decides it.")]}
        )
    if not roles.can_confirm_result(user, locked):
        raise PermissionDenied(
            _("The other coach or the commissioner confirms a result, not the one who entered it.")
        )
    result = _record(locked)
    locked.status, locked.reviewed_by, locked.reviewed_at = (
        ResultReport.Status.CONFIRMED,
        user,
        timezone.now(),
    )
    locked.save(update_fields=["status", "reviewed_by", "reviewed_at"])
    return result


@transaction.atomic
def result_dispute(*, report: ResultReport, user: User, reason: str = "") -> ResultReport:
    locked = _open(report)
    if not roles.can_dispute_result(user, locked):
        raise PermissionDenied(_("Only the other coach disputes a result."))
    if len(reason) > MAX_TEXT:
        raise ValidationError({"reason": [_("Keep the reason under 500 characters.")]})
    locked.status, locked.dispute_reason = ResultReport.Status.DISPUTED, reason
    locked.save(update_fields=["status", "dispute_reason"])
    report_disputed_publish(fixture=locked.fixture, report=locked)
    return locked


@transaction.atomic
def result_decide(
    *, report: ResultReport, user: User, result: Mapping[str, Any] | None = None, note: str = ""
) -> Result:
    """The commissioner decides an open report, as it stands or corrected."""
    locked = _open(report)
    if not roles.can_decide_result(user, locked):
        raise PermissionDenied(_("Only the commissioner decides a result."))
    if len(note) > MAX_TEXT:
        raise ValidationError({"note": [_("Keep the note under 500 characters.")]})
    if result is not None:
        locked.payload = _engine_result(locked.fixture, result).record["result"]
    recorded = _record(locked)
    locked.status, locked.reviewed_by, locked.reviewed_at, locked.note = (
        ResultReport.Status.DECIDED,
        user,
        timezone.now(),
        note,
    )
    locked.save()
    return recorded
