"""Results of matches played at the table: submitted, confirmed, disputed, decided.

* ``result_submit``: the commissioner or either coach enters the match report (the engine's
  shape, :mod:`rules_engine.killpower.report`, plus each side's ``badly_wounded`` list), with
  their post-match choices (``decisions``: equipment redraws for their own side) and, for a
  tournament draw, their own side's free-throw shooters and distances (the commissioner may
  choose both sides'). A scheduled fixture kicks off first.
  The engine validates everything (the names exist, only gladiators who played can be hurt,
  the score agrees with the result); errors name the field (``result.home.comas.0.gladiator``)
  and nothing changes. A new report supersedes the fixture's open one.
* ``result_confirm``: the other coach (or the commissioner) confirms, adding their own side's
  choices (redraws; in a tournament draw, the free throws); a side nobody chose free throws
  for gets the engine's automatic choice. ``result_dispute``: the other coach disputes, and
  the report waits in the commissioner's queue; ``result_decide``: the commissioner decides,
  and may correct it (and choose both sides' free throws).
* Confirming or deciding records the ``Result`` exactly once, under the fixture's row lock
  (the one-to-one ``Result`` witnesses it): the engine judges the score against the points to
  score and, in a tournament, shoots the free throws of a draw (their rolls are stored in the
  result's record). ``post_match_task`` is enqueued after commit.

Permissions are the domain's (``league.roles``): these services raise ``PermissionDenied``.
"""

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core import documents
from core.enqueue import enqueue_on_commit
from league.services import season_check_open
from matches import locking
from matches.events import report_disputed_publish, report_submitted_publish
from matches.models import Fixture, Result
from rules_engine import Dice
from rules_engine.killpower import SYSTEM
from systems.killpower import POST_MATCH_TASK, RULE_SYSTEM, roles
from systems.killpower.documents import RESULT_REPORT
from systems.killpower.kickoff import fixture_settings, kick_off
from systems.killpower.models import ResultReport
from systems.killpower.report_checks import (
    WOUNDED,
    check_decisions,
    check_free_throw_choices,
    check_free_throws,
    merge_free_throws,
    parsed_report,
    split_wounded,
    validated,
)


def _locked_fixture(fixture_id: int) -> Fixture:
    """Both teams, then the fixture (``matches.locking``'s one order): confirming may kick off
    and records the result, which the post-match sequence applies to the teams."""
    fixture = locking.lock_fixture_with_teams(fixture_id)
    if fixture is None:
        raise ValidationError({"fixture": _("No such fixture.")})
    if fixture.season.league.rule_system != RULE_SYSTEM:
        raise ValidationError({"fixture": _("Results are entered for Killpower Ball matches.")})
    return fixture


def _locked_report(report: ResultReport, fixture: Fixture) -> ResultReport:
    locked = ResultReport.objects.select_for_update().get(pk=report.pk)
    locked.fixture = fixture
    return locked


def _assert_pending(report: ResultReport, *allowed: str) -> None:
    if report.status in (allowed or (ResultReport.Status.PENDING,)):
        return
    messages = {
        ResultReport.Status.CONFIRMED: _("This result is already confirmed."),
        ResultReport.Status.DECIDED: _("The commissioner has already decided this result."),
        ResultReport.Status.DISPUTED: _("This result is disputed: the commissioner decides it."),
        ResultReport.Status.SUPERSEDED: _("A newer report replaced this one."),
        ResultReport.Status.PENDING: _("This report still waits for confirmation."),
    }
    raise ValidationError({"report": [messages[report.status]]})


@transaction.atomic
def result_submit(
    *,
    fixture: Fixture,
    user: User,
    result: Mapping[str, Any],
    decisions: Mapping[str, Any] | None = None,
    free_throws: Mapping[str, Any] | None = None,
) -> ResultReport:
    """Enter a match's result; it waits for the other side's confirmation."""
    locked = _locked_fixture(fixture.pk)
    if not roles.can_enter_result(user, locked):
        raise PermissionDenied(
            _("Only the commissioner or a coach of this match enters its result.")
        )
    season_check_open(season=locked.season)
    if locked.status == Fixture.Status.CANCELLED:
        raise ValidationError({"fixture": _("This fixture is cancelled.")})
    if locked.status == Fixture.Status.PLAYED:
        raise ValidationError({"fixture": _("This fixture already has its result.")})
    if locked.status == Fixture.Status.SCHEDULED:
        kick_off(locked)
    payload, chosen = validated(
        locked, result=result, decisions=decisions, free_throws=free_throws, user=user
    )
    ResultReport.objects.filter(fixture=locked, status__in=ResultReport.OPEN).update(
        status=ResultReport.Status.SUPERSEDED, reviewed_at=timezone.now()
    )
    report = ResultReport.objects.create(
        fixture=locked,
        submitted_by=user,
        payload=documents.stamp(RESULT_REPORT, payload),
        decisions=chosen,
        free_throws=free_throws,
    )
    report_submitted_publish(fixture=locked, report=report)
    return report


def _record(fixture: Fixture, report: ResultReport, *, seed: int | None) -> Result:
    """The fixture's one ``Result``, as the engine reads the report; post-match after commit."""
    engine_report, wounded = split_wounded(report.payload)
    options: dict[str, Any] = fixture_settings(fixture)
    if report.free_throws is not None:
        options["free_throws"] = report.free_throws
    dice = Dice(seed)
    outcome = SYSTEM.record_result(
        fixture.home_sheet, fixture.away_sheet, engine_report, dice=dice, options=options
    )
    result = Result.objects.create(
        fixture=fixture,
        home_score=outcome.home_score,
        away_score=outcome.away_score,
        winner=outcome.winner or Result.Winner.DRAW,
        decided_by=outcome.decided_by,
        seed=outcome.seed,
        record={
            **outcome.record,
            "home_score": outcome.home_score,
            "away_score": outcome.away_score,
            "winner": outcome.winner,
            "decided_by": outcome.decided_by,
            "seed": outcome.seed,
            "rolls": dice.log(),
            WOUNDED: wounded,
            "result_report": report.pk,
        },
    )
    fixture.status = Fixture.Status.PLAYED
    fixture.save(update_fields=["status"])
    enqueue_on_commit(POST_MATCH_TASK, fixture.pk)
    return result


@transaction.atomic
def result_confirm(
    *,
    report: ResultReport,
    user: User,
    decisions: Mapping[str, Any] | None = None,
    free_throws: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> Result:
    """The other coach (or the commissioner) confirms: the result is recorded, once. His own
    side's choices (``decisions``, ``free_throws``) replace any made for that side."""
    fixture = _locked_fixture(report.fixture_id)
    report = _locked_report(report, fixture)
    if not roles.can_confirm_result(user, report):
        raise PermissionDenied(
            _("The other coach or the commissioner confirms a result, not the one who entered it.")
        )
    _assert_pending(report)
    added = check_decisions(fixture, decisions, parsed_report(fixture, report.payload), user)
    report.decisions = {**report.decisions, **added}
    chosen = check_free_throws(fixture, free_throws, user)
    if chosen is not None:
        report.free_throws = merge_free_throws(report.free_throws, chosen)
        check_free_throw_choices(fixture, split_wounded(report.payload)[0], report.free_throws)
    result = _record(fixture, report, seed=seed)
    report.status = ResultReport.Status.CONFIRMED
    report.reviewed_by, report.reviewed_at = user, timezone.now()
    report.save(update_fields=["decisions", "free_throws", "status", "reviewed_by", "reviewed_at"])
    return result


@transaction.atomic
def result_dispute(*, report: ResultReport, user: User, reason: str = "") -> ResultReport:
    """The other coach disputes the report: it waits in the commissioner's queue."""
    fixture = _locked_fixture(report.fixture_id)
    report = _locked_report(report, fixture)
    if not roles.can_dispute_result(user, report):
        raise PermissionDenied(_("Only the other coach disputes a result."))
    _assert_pending(report)
    if len(reason) > ResultReport._meta.get_field("dispute_reason").max_length:
        raise ValidationError({"reason": [_("Keep the reason under 500 characters.")]})
    report.status = ResultReport.Status.DISPUTED
    report.disputed_by, report.dispute_reason = user, reason
    report.save(update_fields=["status", "disputed_by", "dispute_reason"])
    report_disputed_publish(fixture=fixture, report=report)
    return report


@transaction.atomic
def result_decide(
    *,
    report: ResultReport,
    user: User,
    result: Mapping[str, Any] | None = None,
    decisions: Mapping[str, Any] | None = None,
    free_throws: Mapping[str, Any] | None = None,
    note: str = "",
    seed: int | None = None,
) -> Result:
    """The commissioner decides a pending or disputed report, corrected or as it stands
    (``decisions`` and ``free_throws`` replace the report's when given)."""
    fixture = _locked_fixture(report.fixture_id)
    report = _locked_report(report, fixture)
    if not roles.can_decide_result(user, report):
        raise PermissionDenied(_("Only the commissioner decides a result."))
    _assert_pending(report, *ResultReport.OPEN)
    if len(note) > ResultReport._meta.get_field("note").max_length:
        raise ValidationError({"note": [_("Keep the note under 500 characters.")]})
    if result is not None or decisions is not None or free_throws is not None:
        report.free_throws = report.free_throws if free_throws is None else free_throws
        payload, report.decisions = validated(
            fixture,
            result=report.payload if result is None else result,
            decisions=report.decisions if decisions is None else decisions,
            free_throws=report.free_throws,
            user=user,
        )
        report.payload = documents.stamp(RESULT_REPORT, payload)
    outcome = _record(fixture, report, seed=seed)
    report.status = ResultReport.Status.DECIDED
    report.reviewed_by, report.reviewed_at, report.note = user, timezone.now(), note
    report.save()
    return outcome
