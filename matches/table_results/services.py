"""The result-report commands: enter, confirm, dispute, decide; superseding open reports.

Every command locks both teams, then the fixture (``matches.locking``'s one order), then the
report: confirming may kick off and records the result, which the post-match sequence applies
to the teams. Recording happens once (the one-to-one ``Result`` witnesses it); the seed the
result keeps is drawn by the engine's dice (or given, to replay). The game's part is
``matches.plugins.table_results.of(game)``.
"""

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core import documents
from core.enqueue import enqueue_on_commit
from matches import locking
from matches.events import report_disputed_publish, report_submitted_publish
from matches.models import Fixture, PostMatchRun, Result, ResultReport
from matches.plugins import TableResults, table_results
from matches.table_results import roles
from matches.table_results.post_match import POST_MATCH_TASK
from matches.table_results.refusals import ReportForbidden, ReportRefused
from rules_engine import Dice


def plugin_of(fixture: Fixture) -> TableResults:
    game = fixture.season.league.rule_system
    if not table_results.implements(game):
        raise ReportRefused(
            "not_table_played", _("Results of this game are not entered here."), field="fixture"
        )
    return table_results.of(game)


def _locked_fixture(fixture_id: int) -> Fixture:
    fixture = locking.lock_fixture_with_teams(fixture_id)
    if fixture is None:
        raise ReportRefused("not_found", _("No such fixture."), field="fixture")
    return fixture


def _locked_report(report: ResultReport) -> tuple[Fixture, TableResults, ResultReport]:
    fixture = _locked_fixture(report.fixture_id)
    plugin = plugin_of(fixture)
    # a game's proxy reads through the fixture's league: lock the report's row only
    locked = plugin.report_model().objects.select_for_update(of=("self",)).get(pk=report.pk)
    locked.fixture = fixture
    return fixture, plugin, locked


CLOSED = {
    ResultReport.Status.CONFIRMED: gettext_lazy("This result is already confirmed."),
    ResultReport.Status.DECIDED: gettext_lazy("The commissioner has already decided this result."),
    ResultReport.Status.DISPUTED: gettext_lazy(
        "This result is disputed: the commissioner decides it."
    ),
    ResultReport.Status.SUPERSEDED: gettext_lazy("A newer report replaced this one."),
    ResultReport.Status.PENDING: gettext_lazy("This report still waits for confirmation."),
}
"""Why a report no longer takes a command, by its status."""


def _assert_status(report: ResultReport, *allowed: str) -> None:
    if report.status in (allowed or (ResultReport.Status.PENDING,)):
        return
    raise ReportRefused(
        "report_closed",
        str(CLOSED[ResultReport.Status(report.status)]),
        field="report",
        status=report.status,
    )


def _assert_short(text: str, field: str) -> None:
    if len(text) > ResultReport.MAX_TEXT:
        message = {
            "reason": _("Keep the reason under 500 characters."),
            "note": _("Keep the note under 500 characters."),
        }[field]
        raise ReportRefused("too_long", message, field=field, limit=ResultReport.MAX_TEXT)


def assert_fixture_open(fixture: Fixture) -> None:
    season = fixture.season
    if season.finished_at is not None:
        raise ReportRefused(
            "season_finished",
            _("Season %(name)s is finished and archived: it cannot change.")
            % {"name": season.name},
            field="season",
        )
    if fixture.status == Fixture.Status.CANCELLED:
        raise ReportRefused("fixture_closed", _("This fixture is cancelled."), field="fixture")
    if fixture.status == Fixture.Status.PLAYED:
        raise ReportRefused(
            "fixture_closed", _("This fixture already has its result."), field="fixture"
        )


def reports_supersede(*, fixture: Fixture) -> int:
    """Every open report of ``fixture`` superseded (a newer report, a forfeit awarded)."""
    return ResultReport.objects.filter(fixture=fixture, status__in=ResultReport.OPEN).update(
        status=ResultReport.Status.SUPERSEDED, reviewed_at=timezone.now()
    )


def stamped(plugin: TableResults, payload: Mapping[str, Any]) -> dict[str, Any]:
    if plugin.document is None:
        return dict(payload)
    return documents.stamp(plugin.document, payload)


@transaction.atomic
def report_enter(
    *,
    fixture: Fixture,
    user: User,
    result: object,
    decisions: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
) -> ResultReport:
    """Enter a match's result; it waits for the other side's confirmation. A scheduled
    fixture kicks off first; a new report supersedes the fixture's open one."""
    locked = _locked_fixture(fixture.pk)
    plugin = plugin_of(locked)
    if not roles.can_enter_result(user, locked):
        raise ReportForbidden(
            _("Only the commissioner or a coach of this match enters its result.")
        )
    assert_fixture_open(locked)
    plugin.before_entry(fixture=locked)
    entry = plugin.checked(
        fixture=locked, user=user, result=result, decisions=decisions, options=options
    )
    reports_supersede(fixture=locked)
    report = plugin.report_model().objects.create(
        fixture=locked,
        submitted_by=user,
        payload=stamped(plugin, entry.payload),
        decisions=dict(entry.decisions),
        options=None if entry.options is None else dict(entry.options),
    )
    report_submitted_publish(fixture=locked, report=report)
    return report


def result_of(
    fixture: Fixture, plugin: TableResults, report: ResultReport, *, dice: Dice
) -> Result:
    """The fixture's one ``Result`` (unsaved) as the game reads the saved ``report`` with
    ``dice``, whose seed it keeps: what confirming or deciding records, one at a time or a
    round at once (``matches.table_results.bulk``)."""
    recorded = plugin.recorded(fixture=fixture, report=report, dice=dice)
    return Result(
        fixture=fixture,
        home_score=recorded.home_score,
        away_score=recorded.away_score,
        winner=recorded.winner or Result.Winner.DRAW,
        decided_by=recorded.decided_by,
        seed=dice.seed,
        record={**recorded.record, "result_report": report.pk},
    )


def _record(
    fixture: Fixture, plugin: TableResults, report: ResultReport, *, seed: int | None
) -> Result:
    """The fixture's one ``Result`` as the game reads the report; its post-match run written
    pending and sent after commit, with the game's own tasks."""
    result = result_of(fixture, plugin, report, dice=Dice(seed))
    result.save(force_insert=True)
    fixture.status = Fixture.Status.PLAYED
    fixture.save(update_fields=["status"])
    if plugin.post_match_wanted(fixture=fixture, result=result):
        run, created = PostMatchRun.objects.get_or_create(fixture=fixture)
        if not created and run.status != PostMatchRun.Status.DONE:
            PostMatchRun.objects.filter(pk=run.pk).update(
                status=PostMatchRun.Status.PENDING, attempts=0
            )
        enqueue_on_commit(POST_MATCH_TASK, fixture.pk)
    for task in plugin.after_record(fixture=fixture, result=result):
        enqueue_on_commit(task, fixture.pk)
    return result


@transaction.atomic
def report_confirm(
    *,
    report: ResultReport,
    user: User,
    decisions: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> Result:
    """The other coach (or the commissioner) confirms: the result is recorded, once. His own
    side's choices replace any made for that side."""
    fixture, plugin, locked = _locked_report(report)
    if not roles.can_confirm_result(user, locked):
        raise ReportForbidden(
            _("The other coach or the commissioner confirms a result, not the one who entered it.")
        )
    _assert_status(locked)
    entry = plugin.confirmation_checked(
        fixture=fixture, report=locked, user=user, decisions=decisions, options=options
    )
    locked.decisions = dict(entry.decisions)
    locked.options = None if entry.options is None else dict(entry.options)
    result = _record(fixture, plugin, locked, seed=seed)
    locked.status = ResultReport.Status.CONFIRMED
    locked.reviewed_by, locked.reviewed_at = user, timezone.now()
    locked.save(update_fields=["decisions", "options", "status", "reviewed_by", "reviewed_at"])
    return result


@transaction.atomic
def report_dispute(*, report: ResultReport, user: User, reason: str = "") -> ResultReport:
    """The other coach disputes the report: it waits in the commissioner's queue."""
    fixture, _game, locked = _locked_report(report)
    if not roles.can_dispute_result(user, locked):
        raise ReportForbidden(_("Only the other coach disputes a result."))
    _assert_status(locked)
    _assert_short(reason, "reason")
    locked.status = ResultReport.Status.DISPUTED
    locked.disputed_by, locked.dispute_reason = user, reason
    locked.save(update_fields=["status", "disputed_by", "dispute_reason"])
    report_disputed_publish(fixture=fixture, report=locked)
    return locked


@transaction.atomic
def report_decide(
    *,
    report: ResultReport,
    user: User,
    result: object = None,
    decisions: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    note: str = "",
    seed: int | None = None,
) -> Result:
    """The commissioner decides a pending or disputed report, as it stands or corrected
    (``result``, ``decisions`` and ``options`` replace the report's when given)."""
    fixture, plugin, locked = _locked_report(report)
    if not roles.can_decide_result(user, locked):
        raise ReportForbidden(_("Only the commissioner decides a result."))
    _assert_status(locked, *ResultReport.OPEN)
    _assert_short(note, "note")
    if result is not None or decisions is not None or options is not None:
        entry = plugin.checked(
            fixture=fixture,
            user=user,
            result=locked.payload if result is None else result,
            decisions=locked.decisions if decisions is None else decisions,
            options=locked.options if options is None else options,
        )
        locked.payload = stamped(plugin, entry.payload)
        locked.decisions = dict(entry.decisions)
        locked.options = None if entry.options is None else dict(entry.options)
    recorded = _record(fixture, plugin, locked, seed=seed)
    locked.status = ResultReport.Status.DECIDED
    locked.reviewed_by, locked.reviewed_at, locked.note = user, timezone.now(), note
    locked.save()
    return recorded


COMMANDS = ("confirm", "dispute", "decide")
"""The commands on a report, by the names pages and the API take from their addresses."""


def report_command(
    *,
    report: ResultReport,
    user: User,
    command: str,
    reason: str = "",
    note: str = "",
    result: object = None,
    decisions: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> Result | ResultReport:
    """Run the command named ``command`` on ``report`` with the inputs it takes (a dispute
    its ``reason``; a decision its ``note`` and any correction)."""
    if command == "confirm":
        return report_confirm(
            report=report, user=user, decisions=decisions, options=options, seed=seed
        )
    if command == "dispute":
        return report_dispute(report=report, user=user, reason=reason)
    if command == "decide":
        return report_decide(
            report=report,
            user=user,
            result=result,
            decisions=decisions,
            options=options,
            note=note,
            seed=seed,
        )
    raise ReportRefused("unknown_command", _("Use confirm, dispute or decide."), field="command")
