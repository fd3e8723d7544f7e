"""The pages of results played at the table: one flow for every game.

Entering a result, and confirming, disputing or deciding a report, go through
:class:`ReportPages`: sign-in, the game's rows (404 otherwise), the role where the game checks
it before the form, the game's form, :mod:`~.services`, then the game's page or a redirect
with a message. A game subclasses it with its form and templates (the methods marked "the
game's"); :func:`matches.table_results.urls.page_patterns` puts the views at its addresses.
"""

from collections.abc import Callable, Mapping
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect
from django.urls import reverse
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.refusals import Refused
from matches.models import Fixture, ResultReport
from matches.plugins import table_results
from matches.table_results import roles, services
from matches.table_results.urls import ReportRoutes

COMMAND_ROLES: Mapping[str, Callable[[Any, ResultReport], bool]] = {
    "confirm": roles.can_confirm_result,
    "dispute": roles.can_dispute_result,
    "decide": roles.can_decide_result,
}


def refusal_text(error: Exception) -> str:
    """A refusal in the words shown to the user."""
    if isinstance(error, Refused):
        return str(error.message)
    if isinstance(error, ValidationError):
        return " ".join(error.messages)
    return str(error)


def done(request: HttpRequest, url: str) -> HttpResponse:
    """Go to ``url`` (the whole page, for an htmx request)."""
    return HttpResponseClientRedirect(url) if getattr(request, "htmx", False) else redirect(url)


class ReportPages:
    """A game's result pages over the shared services. Each attribute and method has the
    behaviour a new game gets; a game overrides what its pages do differently."""

    anonymous_forbidden = False
    """An anonymous user gets 403 (else the sign-in page)."""
    roles_first = False
    """Check the role before reading the form (403); else the service refuses."""
    refusals: tuple[type[Exception], ...] = (ValidationError,)
    """What a command's refusal is caught as, to be shown on the page."""
    done_messages: Mapping[str, tuple[int, str]] = {}
    """The message each command leaves (its level and text), if any."""
    entered_message = ""
    """The message an entered result leaves."""
    entry_post_only = False
    """The result is entered from a form on another page (the fixture's): POST only."""

    def __init__(self, routes: ReportRoutes) -> None:
        self.routes = routes
        self.game = routes.game

    # --- rows and addresses ------------------------------------------------------------------

    def fixture(self, pk: int) -> Fixture:
        """The game's fixture ``pk`` with its teams and league (404 otherwise)."""
        fixture = (
            Fixture.objects.select_related(
                "season__league__commissioner", "home__coach", "away__coach"
            )
            .filter(pk=pk, season__league__rule_system=self.game)
            .first()
        )
        if fixture is None:
            raise Http404
        return fixture

    def report(self, pk: int) -> ResultReport:
        """The game's report ``pk`` (404 otherwise)."""
        model = table_results.of(self.game).report_model()
        report = model.objects.select_related("fixture__season__league").filter(pk=pk).first()
        if report is None:
            raise Http404
        return report

    def command_url(self, report: ResultReport, command: str) -> str:
        where, name = self.routes.command_page
        if "{command}" in where:
            return reverse(
                f"matches:{name.format(game=self.game, command=command)}", args=[report.pk]
            )
        return reverse(f"matches:{name.format(game=self.game)}", args=[report.pk, command])

    def command_urls(self, report: ResultReport | None) -> dict[str, str]:
        """Each command's address for ``report`` (the pages' forms post there)."""
        if report is None:
            return {}
        return {command: self.command_url(report, command) for command in services.COMMANDS}

    def actions_context(self, user: Any, report: ResultReport | None) -> dict[str, Any]:
        """What ``matches/table_results/report_actions.html`` draws for ``user``: the commands
        on ``report`` the roles let him post (``can_confirm``, ``can_dispute``,
        ``can_decide``) and their addresses (``report_urls``)."""
        actions = roles.report_actions(user, report)
        allowed = {"can_confirm": actions.confirm, "can_dispute": actions.dispute}
        return {**allowed, "can_decide": actions.decide, "report_urls": self.command_urls(report)}

    def report_context(
        self, user: Any, fixture: Fixture, report: ResultReport | None
    ) -> dict[str, Any]:
        """What a fixture's page shows of the workflow for ``user``: whether the result may be
        entered (``can_enter``: the fixture not played yet) and the commands on the open
        ``report`` (``actions_context``)."""
        live = fixture.status in (Fixture.Status.SCHEDULED, Fixture.Status.LOCKED)
        can_enter = live and roles.can_enter_result(user, fixture)
        return {"can_enter": can_enter, **self.actions_context(user, report)}

    def _signed_in(self, request: HttpRequest) -> HttpResponse | None:
        if request.user.is_authenticated:
            return None
        if self.anonymous_forbidden:
            raise PermissionDenied
        return redirect_to_login(request.get_full_path())

    # --- commands ----------------------------------------------------------------------------

    def command_view(self, command: str) -> Callable[..., HttpResponse]:
        """The view of ``command`` (``""``: the command read from the address)."""

        @require_POST
        def view(request: HttpRequest, pk: int, **route: str) -> HttpResponse:
            return self.command(request, pk, command or next(iter(route.values()), ""))

        return view

    def command(self, request: HttpRequest, pk: int, command: str) -> HttpResponse:
        """Confirm, dispute or decide report ``pk``."""
        refused = self._signed_in(request)
        if refused is not None:
            return refused
        report = self.report(pk)
        if command not in services.COMMANDS:
            raise Http404
        if self.roles_first and not COMMAND_ROLES[command](request.user, report):
            raise PermissionDenied
        inputs = self.command_inputs(request, report, command)
        if isinstance(inputs, HttpResponse):
            return inputs
        try:
            services.report_command(report=report, user=request.user, command=command, **inputs)
        except self.refusals as error:
            return self.command_refused(request, report, command, error)
        level_text = self.done_messages.get(command)
        if level_text is not None:
            messages.add_message(request, level_text[0], level_text[1])
        return redirect(self.after_command(report, command))

    def command_inputs(
        self, request: HttpRequest, report: ResultReport, command: str
    ) -> dict[str, Any] | HttpResponse:
        """The command's inputs from the form (the game's), or the page showing its errors.
        Default: a dispute's ``reason`` and a decision's ``note``."""
        return {"reason": request.POST.get("reason", ""), "note": request.POST.get("note", "")}

    def command_refused(
        self, request: HttpRequest, report: ResultReport, command: str, error: Exception
    ) -> HttpResponse:
        """The page after a refused command. Default: the refusal as a message, then the
        fixture's page."""
        messages.error(request, refusal_text(error))
        return redirect(report.fixture.get_absolute_url())

    def after_command(self, report: ResultReport, command: str) -> str:
        """Where a done command leads. Default: the fixture's page."""
        return report.fixture.get_absolute_url()

    # --- entering a result -------------------------------------------------------------------

    def entry(self, request: HttpRequest, pk: int) -> HttpResponse:
        """Enter fixture ``pk``'s result: it waits for the other side's word."""
        if self.entry_post_only and request.method != "POST":
            return HttpResponseNotAllowed(["POST"])
        refused = self._signed_in(request)
        if refused is not None:
            return refused
        fixture = self.fixture(pk)
        if self.roles_first and not roles.can_enter_result(request.user, fixture):
            raise PermissionDenied
        closed = self.entry_closed(request, fixture)
        if closed is not None:
            return closed
        form = self.entry_form(request, fixture)
        if request.method == "POST" and form.is_valid():
            try:
                report = services.report_enter(
                    fixture=fixture, user=request.user, **self.entry_inputs(form)
                )
            except self.refusals as error:
                self.entry_refused(form, error)
            else:
                messages.success(request, self.entered_message)
                return done(request, self.after_entry(report))
        return self.entry_page(request, fixture, form)

    def entry_closed(self, request: HttpRequest, fixture: Fixture) -> HttpResponse | None:
        """A page instead of the form for a fixture that takes no result. Default: none (the
        service refuses)."""
        return None

    def entry_form(self, request: HttpRequest, fixture: Fixture) -> Any:
        """The game's result form, bound to the request's data when posted."""
        raise NotImplementedError

    def entry_inputs(self, form: Any) -> dict[str, Any]:
        """``report_enter``'s ``result``, ``decisions`` and ``options`` from the valid form."""
        return {"result": form.cleaned_data}

    def entry_refused(self, form: Any, error: Exception) -> None:
        """Show a refusal on the form. Default: above its fields."""
        form.add_error(None, refusal_text(error))

    def entry_page(self, request: HttpRequest, fixture: Fixture, form: Any) -> HttpResponse:
        """The game's page with the result form (and its errors)."""
        raise NotImplementedError

    def after_entry(self, report: ResultReport) -> str:
        """Where an entered result leads. Default: the fixture's page."""
        return report.fixture.get_absolute_url()
