"""The result-report commands: enter, confirm, dispute, decide; superseding open reports.

Every command locks both teams, then the fixture (``matches.locking``'s one order), then the
report: confirming may kick off and records the result, which the post-match sequence applies
to the teams. Recording happens once (the one-to-one ``Result`` witnesses it); the seed the
result keeps is drawn by the engine's dice (or given, to replay). The game's part is
``matches.plugins.table_results.of(game)``.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core import documents
from core.bulk import rows_insert
from core.enqueue import enqueue_on_commit
from core.signals import results_created
from matches import locking
from matches.events import report_disputed_publish, report_submitted_publish
from matches.models import Fixture, PostMatchRun, Result, ResultReport
from matches.plugins import TableResults, table_results
from matches.table_results import roles
from matches.table_results.post_match import POST_MATCH_TASK
from matches.table_results.refusals import ReportForbidden, ReportRefused
from rules_engine import Dice


def _plugin(fixture: Fixture) -> TableResults:
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
    plugin = _plugin(fixture)
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


def _assert_fixture_open(fixture: Fixture) -> None:
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


def _stamped(plugin: TableResults, payload: Mapping[str, Any]) -> dict[str, Any]:
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
    plugin = _plugin(locked)
    if not roles.can_enter_result(user, locked):
        raise ReportForbidden(
            _("Only the commissioner or a coach of this match enters its result.")
        )
    _assert_fixture_open(locked)
    plugin.before_entry(fixture=locked)
    entry = plugin.checked(
        fixture=locked, user=user, result=result, decisions=decisions, options=options
    )
    reports_supersede(fixture=locked)
    report = plugin.report_model().objects.create(
        fixture=locked,
        submitted_by=user,
        payload=_stamped(plugin, entry.payload),
        decisions=dict(entry.decisions),
        options=None if entry.options is None else dict(entry.options),
    )
    report_submitted_publish(fixture=locked, report=report)
    return report


def _result_of(
    fixture: Fixture, plugin: TableResults, report: ResultReport, *, seed: int | None
) -> Result:
    """The fixture's one ``Result`` as the game reads the (saved) report, unsaved."""
    dice = Dice(seed)
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
    result = _result_of(fixture, plugin, report, seed=seed)
    result.save()
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
        locked.payload = _stamped(plugin, entry.payload)
        locked.decisions = dict(entry.decisions)
        locked.options = None if entry.options is None else dict(entry.options)
    recorded = _record(fixture, plugin, locked, seed=seed)
    locked.status = ResultReport.Status.DECIDED
    locked.reviewed_by, locked.reviewed_at, locked.note = user, timezone.now(), note
    locked.save()
    return recorded


@dataclass(frozen=True)
class Play:
    """A result entered by one side and confirmed by the other (``report_enter`` then
    ``report_confirm``, neither side adding choices), its result read with ``seed``."""

    fixture: Fixture
    entered_by: User
    confirmed_by: User
    result: object
    seed: int | None = None


@transaction.atomic
def reports_play(*, plays: Sequence[Play]) -> list[Result]:
    """Many results played at the table and recorded at once (a season's history, ``manage.py
    generate_load``): each checked, stamped and read by its game as :func:`report_enter` and
    :func:`report_confirm` do, the same roles and states allowed; the reports, results and
    pending post-match runs written in a few statements, the kept standings counted once.

    What it leaves to the caller: nothing is sent after commit (no notification, no post-match
    task, no game task): the caller runs each post-match sequence itself
    (``matches.table_results.post_match.post_match_run``), in the order it wants.
    """
    if not plays:
        return []
    locking.lock_teams(t for play in plays for t in (play.fixture.home_id, play.fixture.away_id))
    ids = sorted(play.fixture.pk for play in plays)
    list(Fixture.objects.select_for_update(of=("self",)).filter(pk__in=ids).order_by("pk"))
    reports, plugins = [], []
    for play in plays:
        fixture, plugin = play.fixture, _plugin(play.fixture)
        if not roles.can_enter_result(play.entered_by, fixture):
            raise ReportForbidden(
                _("Only the commissioner or a coach of this match enters its result.")
            )
        _assert_fixture_open(fixture)
        plugin.before_entry(fixture=fixture)
        entry = plugin.checked(
            fixture=fixture, user=play.entered_by, result=play.result, decisions=None, options=None
        )
        report = plugin.report_model()(
            fixture=fixture,
            submitted_by=play.entered_by,
            payload=_stamped(plugin, entry.payload),
            decisions=dict(entry.decisions),
            options=None if entry.options is None else dict(entry.options),
        )
        if not roles.can_confirm_result(play.confirmed_by, report):
            raise ReportForbidden(
                _(
                    "The other coach or the commissioner confirms a result, not the one who "
                    "entered it."
                )
            )
        entry = plugin.confirmation_checked(
            fixture=fixture, report=report, user=play.confirmed_by, decisions=None, options=None
        )
        report.decisions = dict(entry.decisions)
        report.options = None if entry.options is None else dict(entry.options)
        report.status = ResultReport.Status.CONFIRMED
        report.reviewed_by, report.reviewed_at = play.confirmed_by, timezone.now()
        reports.append(report)
        plugins.append(plugin)
    ResultReport.objects.filter(fixture_id__in=ids, status__in=ResultReport.OPEN).update(
        status=ResultReport.Status.SUPERSEDED, reviewed_at=timezone.now()
    )
    rows_insert(ResultReport, reports)
    results = [
        _result_of(play.fixture, plugin, report, seed=play.seed)
        for play, plugin, report in zip(plays, plugins, reports, strict=True)
    ]
    rows_insert(Result, results)
    Fixture.objects.filter(pk__in=ids).update(status=Fixture.Status.PLAYED)
    for play in plays:
        play.fixture.status = Fixture.Status.PLAYED
    PostMatchRun.objects.bulk_create(
        PostMatchRun(fixture=result.fixture)
        for plugin, result in zip(plugins, results, strict=True)
        if plugin.post_match_wanted(fixture=result.fixture, result=result)
    )
    results_created.send(sender=Result, results=results)
    return results


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
