"""Killpower Ball match pages: the match report with its post-match sequence (polled while the
worker runs), the printable referee sheet (la feuille d'arbitrage), result entry
(:class:`KillpowerPages`, the workflow's pages with this game's forms and templates), and a
report's confirmation, dispute or the commissioner's decision. A Killpower fixture's page comes
here from ``matches.views.public``.
"""

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from core.access import role_gate
from core.forms import add_service_errors
from core.htmx import page_or_fragment
from league.models import League
from matches.models import Fixture
from matches.table_results import services
from matches.table_results.roles import can_decide_result, can_enter_result
from matches.table_results.urls import ReportRoutes
from matches.table_results.views import ReportPages, done, refusal_text
from systems.killpower import RULE_SYSTEM, SIDES, roles
from systems.killpower.forms.reports import ConfirmForm, DecideForm, DisputeForm
from systems.killpower.forms.results import ResultForm
from systems.killpower.kickoff import fixture_kick_off_now
from systems.killpower.models import ResultReport
from systems.killpower.selectors import matches as selectors
from systems.killpower.selectors import pages as page_selectors

ROUTES = ReportRoutes(
    RULE_SYSTEM,
    entry_page=("<int:pk>/result/", "kp_result"),
    command_page=("reports/<int:pk>/{command}/", "kp_report_{command}"),
    submit_api=("fixtures/<int:pk>/result-reports/", "fixture-result-submit"),
    command_api=("result-reports/<int:pk>/{command}/", "resultreport-{command}"),
)
"""Killpower's report addresses, as they always were (a new game takes the canonical shape)."""


def _fixture(pk: int) -> Fixture:
    return get_object_or_404(selectors.fixtures_for_pages(), pk=pk)


def _report(pk: int) -> ResultReport:
    return get_object_or_404(selectors.report_list(), pk=pk)


def _confirm_form(report: ResultReport, side: str | None, data=None) -> ConfirmForm:
    """The confirming coach's own choices (``selectors.confirm_choices``)."""
    return ConfirmForm(data, **selectors.confirm_choices(report=report, side=side))


# --- the match report ------------------------------------------------------------------------


def fixture_detail(request: HttpRequest, fixture: Fixture) -> HttpResponse:
    """The match report of a Killpower fixture: powers and points to score, the result as
    entered and confirmed, free throws, and the post-match sequence with every roll."""
    fixture, user = _fixture(fixture.pk), request.user
    open_report = selectors.open_report(fixture=fixture)
    context = {
        "fixture": fixture,
        "league": fixture.season.league,
        **selectors.match_report_get(fixture=fixture),
        "open_report": open_report,
        **PAGES.report_context(user, fixture, open_report),
        "coached_side": roles.coached_side(user, fixture),
        "is_commissioner": roles.is_commissioner(user, fixture.season.league),
        "can_kick_off": _can_kick_off(user, fixture),
    }
    template = page_or_fragment(
        request, "killpower/fixture.html", "post-match", target="post-match"
    )
    return render(request, template, context)


def referee_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The printable referee sheet: teams, powers, points each must score, RAP, the turn
    track from 20 down to 1 and a place for the final score."""
    fixture = _fixture(pk)
    context = {
        "fixture": fixture,
        "league": fixture.season.league,
        "sheet": page_selectors.referee_sheet_page_get(fixture=fixture),
        "can_kick_off": _can_kick_off(request.user, fixture),
    }
    return render(request, "killpower/referee_sheet.html", context)


def _can_kick_off(user, fixture: Fixture) -> bool:
    return fixture.status == Fixture.Status.SCHEDULED and roles.can_kick_off_fixture(user, fixture)


@require_POST
@role_gate(_fixture, roles.can_kick_off_fixture)  # the fixture, to its commissioner
def kick_off(request: HttpRequest, fixture: Fixture) -> HttpResponse:
    """The commissioner kicks the fixture off now: the teams freeze and the RAP is drawn, so
    the referee sheet can be printed before the scheduled time."""
    try:
        fixture_kick_off_now(fixture=fixture, user=request.user)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        return redirect(fixture)
    messages.success(
        request,
        _(
            "The match has kicked off: both teams are frozen and the RAP "
            "drawn. Print the referee sheet."
        ),
    )
    return redirect("matches:kp_referee_sheet", fixture.pk)


# --- entering a result -------------------------------------------------------------------------


def _result_form(
    request: HttpRequest, fixture: Fixture, *, report: ResultReport | None = None
) -> ResultForm:
    """The result form of ``fixture``, filled from ``report`` when given (to correct it, or
    to enter the result anew); the user chooses for the sides he may decide for."""
    gladiators = selectors.entry_gladiators(fixture=fixture)
    return ResultForm(
        request.POST if request.method == "POST" else None,
        initial=ResultForm.initial_from(report, gladiators=gladiators),
        teams={"home": fixture.home, "away": fixture.away},
        gladiators=gladiators,
        redraw_sides=[s for s in SIDES if roles.can_decide_for_side(request.user, fixture, s)],
        tournament=fixture.season.league.competition_format == League.CompetitionFormat.TOURNAMENT,
    )


def _result_page(
    request: HttpRequest,
    fixture: Fixture,
    form: ResultForm,
    *,
    report: ResultReport | None = None,
    note_form: DecideForm | None = None,
) -> HttpResponse:
    """The result form: to enter the result, or with ``note_form`` to correct ``report``
    and decide it."""
    correcting = note_form is not None
    context = {
        "fixture": fixture,
        "league": fixture.season.league,
        "form": form,
        "open_report": report,
        "action": reverse("matches:kp_report_correct", args=[report.pk])
        if correcting
        else reverse("matches:kp_result", args=[fixture.pk]),
        "title": _("Correct and decide the result") if correcting else _("Enter the result"),
        "submit": _("Decide this result") if correcting else _("Enter the result"),
        "preview": page_selectors.referee_sheet_page_get(fixture=fixture),
        "note_form": note_form,
    }
    template = page_or_fragment(request, "killpower/result_form.html", "result-form")
    return render(request, template, context)


# --- a report: confirm, dispute, decide ----------------------------------------------------


def _report_page(request: HttpRequest, report: ResultReport, **forms) -> HttpResponse:
    """The report's page, with the command forms given (bound, with their errors) or new."""
    fixture, user = report.fixture, request.user
    actions = PAGES.actions_context(user, report)
    # the other coach confirms; the commissioner decides (the same, with a note)
    confirm_side = roles.coached_side(user, fixture) if actions["can_confirm"] else None
    context = {
        "report": report,
        "fixture": fixture,
        "league": fixture.season.league,
        "payload": report.payload or {},
        "sides": selectors.report_sides(report=report),
        **actions,
        "can_confirm": confirm_side is not None,
        "is_submitter": user.is_authenticated and report.submitted_by_id == user.pk,
        "can_reenter": report.status in ResultReport.OPEN and can_enter_result(user, fixture),
        "confirm_form": forms.get("confirm_form") or _confirm_form(report, confirm_side),
        "dispute_form": forms.get("dispute_form") or DisputeForm(),
        "decide_form": forms.get("decide_form") or DecideForm(),
        "history": selectors.report_history(report=report),
    }
    return render(request, "killpower/report.html", context)


def report_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A result report as entered, with what the user may do about it."""
    return _report_page(request, _report(pk))


@role_gate(_report, can_decide_result)  # the report, to its league's commissioner
def report_correct(request: HttpRequest, report: ResultReport) -> HttpResponse:
    """The commissioner corrects a report and decides it in one go."""
    fixture = _fixture(report.fixture_id)
    if report.status not in ResultReport.OPEN:
        messages.info(request, _("This report is closed."))
        return redirect("matches:kp_report", report.pk)
    form = _result_form(request, fixture, report=report)
    note_form = DecideForm(request.POST or None)
    if request.method == "POST" and form.is_valid() and note_form.is_valid():
        try:
            services.report_decide(
                report=report,
                user=request.user,
                **form.inputs(),
                note=note_form.cleaned_data["note"],
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(
                request, _("The corrected result is decided: the post-match sequence runs.")
            )
            return done(request, f"{fixture.get_absolute_url()}#post-match")
    return _result_page(request, fixture, form, report=report, note_form=note_form)


class KillpowerPages(ReportPages):
    """Killpower's result entry (its report page next) and the commands on its report page,
    each with its form: the confirming coach's own choices, a dispute's reason, a note."""

    roles_first = True
    done_messages = {
        command: (messages.SUCCESS, text)
        for command, text in (
            ("confirm", gettext_lazy("The result is confirmed: the post-match sequence runs.")),
            ("dispute", gettext_lazy("The result is disputed: the commissioner will decide.")),
            ("decide", gettext_lazy("The result is decided: the post-match sequence runs.")),
        )
    }
    entered_message = gettext_lazy(
        "The result is entered. It counts once the other coach confirms it (or the "
        "commissioner decides)."
    )

    def fixture(self, pk: int) -> Fixture:
        return _fixture(pk)

    def report(self, pk: int) -> ResultReport:
        return _report(pk)

    def entry_closed(self, request: HttpRequest, fixture: Fixture) -> HttpResponse | None:
        if fixture.status == Fixture.Status.PLAYED:
            messages.info(request, _("This match already has its result."))
            return redirect(fixture)
        if fixture.status == Fixture.Status.CANCELLED:
            messages.error(request, _("This fixture is cancelled."))
            return redirect(fixture)
        return None

    def entry_form(self, request: HttpRequest, fixture: Fixture) -> ResultForm:
        """The form, filled from the open report (a new entry replaces it)."""
        return _result_form(request, fixture, report=selectors.open_report(fixture=fixture))

    def entry_inputs(self, form: ResultForm) -> dict[str, Any]:
        return form.inputs()

    def entry_refused(self, form: ResultForm, error: Exception) -> None:
        add_service_errors(form, error)

    def entry_page(self, request: HttpRequest, fixture: Fixture, form: ResultForm) -> HttpResponse:
        return _result_page(request, fixture, form, report=selectors.open_report(fixture=fixture))

    def after_entry(self, report: ResultReport) -> str:
        return reverse("matches:kp_report", args=[report.pk])

    def _form(self, request: HttpRequest, report: ResultReport, command: str) -> Any:
        if command == "confirm":
            side = roles.coached_side(request.user, report.fixture)
            return _confirm_form(report, side, request.POST)
        return {"dispute": DisputeForm, "decide": DecideForm}[command](request.POST)

    def command_inputs(
        self, request: HttpRequest, report: ResultReport, command: str
    ) -> dict[str, Any] | HttpResponse:
        """The command's form; the report page again with its errors when it is invalid."""
        form = self._form(request, report, command)
        if not form.is_valid():
            return _report_page(request, report, **{f"{command}_form": form})
        if command == "confirm":
            return {"decisions": form.decisions(), "options": form.free_throws()}
        return dict(form.cleaned_data)

    def command_refused(
        self, request: HttpRequest, report: ResultReport, command: str, error: Exception
    ) -> HttpResponse:
        """A refusal about the confirming coach's own free throws is shown on his fields;
        any other as a message on the report's page."""
        if command == "confirm" and isinstance(error, ValidationError):
            form = self._form(request, report, command)
            about_free_throws = hasattr(error, "error_dict") and all(
                field.startswith("free_throws") for field in error.error_dict
            )
            if form.is_valid() and form.free_throw_rows() and about_free_throws:
                add_service_errors(form, error)
                return _report_page(request, report, confirm_form=form)
        for message in getattr(error, "messages", [refusal_text(error)]):
            messages.error(request, message)
        return redirect("matches:kp_report", report.pk)

    def after_command(self, report: ResultReport, command: str) -> str:
        if command == "dispute":
            return reverse("matches:kp_report", args=[report.pk])
        return f"{report.fixture.get_absolute_url()}#post-match"


PAGES = KillpowerPages(ROUTES)
