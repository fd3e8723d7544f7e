"""Tutatis match pages: the fixture page with the match-day tools (every roll shown and
stored, Time Warp re-rolls), result entry and its confirmation, dispute or decision, and the
printable match sheet."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_POST

from core.htmx import page_or_fragment
from league.roles import is_commissioner
from matches.models import Fixture
from matches.selectors import coach_side
from matches.table_results.urls import ReportRoutes
from matches.table_results.views import ReportPages
from rules_engine.tutatis.match_day import ACTION_INPUTS, SIDES
from systems.tutatis import RULE_SYSTEM, selectors
from systems.tutatis.forms import ResultForm, RollForm
from systems.tutatis.models import Action
from systems.tutatis.services import matchday

ROUTES = ReportRoutes(
    RULE_SYSTEM,
    entry_page=("<int:pk>/tutatis/result/", "tt_result"),
    command_page=("tutatis/reports/<int:pk>/<str:verb>/", "tt_report_action"),
    submit_api=("tutatis/fixtures/<int:pk>/result-reports/", "tutatis-result-submit"),
    command_api=None,
)
"""Tutatis's report addresses as they always were; its API commands are actions of its
report viewset (``tutatis/result-reports/<pk>/confirm/`` ...)."""


def _roll_form(players: list, action: str, data=None) -> RollForm:
    return RollForm(data, players=players, auto_id=f"id_{action}_%s", initial={"action": action})


def _roll_forms(fixture: Fixture, bound: RollForm | None, sheets: dict) -> list[tuple]:
    """``(action, label, form, fields)`` for each tool (the fields its action reads); a bound
    form replaces its action's. The players are read once for every form (``sheets``)."""
    tools = []
    players = selectors.player_choices(fixture, sheets=sheets)
    for action, label in Action.choices:
        form = _roll_form(players, action)
        if bound is not None and bound.data.get("action") == action:
            form = bound
        tools.append((action, label, form, [form[name] for name in ACTION_INPUTS[action]]))
    return tools


def _result_form(fixture: Fixture, data=None, *, sheets: dict | None = None) -> ResultForm:
    if sheets is None:
        sheets = {side: selectors.sheet_players(fixture, side) for side in SIDES}
    return ResultForm(data, players={side: [p["name"] for p in sheets[side]] for side in SIDES})


def _context(request, fixture: Fixture, roll_form=None, result_form=None, forms=True) -> dict:
    """What the fixture's page shows (the match sheet: without the ``forms``, i.e. the tools
    where the user may roll and the result form where he may enter; a bound one replaces its
    own), the players read once for all."""
    user = request.user
    league = fixture.season.league
    result = getattr(fixture, "result", None) if fixture.status == Fixture.Status.PLAYED else None
    open_report = selectors.open_report(fixture=fixture)
    live = fixture.status in (Fixture.Status.SCHEDULED, Fixture.Status.LOCKED)
    side = coach_side(user=user, fixture=fixture)
    commissioner = is_commissioner(user, league)
    sheets = {s: selectors.sheet_players(fixture, s) for s in SIDES}
    context = {
        "fixture": fixture,
        "league": league,
        "result": result,
        "rolls": selectors.fixture_rolls(fixture=fixture),
        "weather": selectors.weather_of(fixture=fixture),
        "tokens": selectors.tokens_left(fixture=fixture),
        "sheets": sheets,
        "open_report": open_report,
        "can_roll": live and (commissioner or side is not None),
        "my_side": side,
        "is_commissioner": commissioner,
        **PAGES.report_context(user, fixture, open_report),
    }
    if forms and context["can_roll"]:
        context["tools"] = _roll_forms(fixture, roll_form, sheets)
    if forms and context["can_enter"]:
        context["result_form"] = result_form or _result_form(fixture, sheets=sheets)
    return context


def fixture_detail(request: HttpRequest, fixture: Fixture) -> HttpResponse:
    return render(request, "tutatis/fixture.html", _context(request, PAGES.fixture(fixture.pk)))


def _signed(request: HttpRequest) -> None:
    if not request.user.is_authenticated:
        raise PermissionDenied


def _fragment_or_page(request, fixture: Fixture, roll_form=None, errors=None) -> HttpResponse:
    """The match-day tools again (the whole page without htmx), with the roll's ``errors``."""
    context = _context(request, fixture, roll_form) | {"roll_errors": errors}
    template = page_or_fragment(request, "tutatis/fixture.html", "tools")
    return render(request, template, context, status=400 if errors else 200)


@require_POST
def roll(request: HttpRequest, pk: int) -> HttpResponse:
    """A match-day action: the engine rolls, the roll is stored and shown."""
    _signed(request)
    fixture = PAGES.fixture(pk)
    players = selectors.player_choices(fixture)
    form = _roll_form(players, request.POST.get("action", ""), request.POST)
    if not form.is_valid():
        return _fragment_or_page(request, fixture, form, errors=True)
    action, inputs = form.cleaned_data["action"], form.inputs()
    try:
        matchday.match_roll(user=request.user, fixture=fixture, action=action, inputs=inputs)
    except ValidationError as error:
        return _fragment_or_page(request, PAGES.fixture(pk), form, errors=error.messages)
    return _fragment_or_page(request, PAGES.fixture(pk))


@require_POST
def time_warp(request: HttpRequest, pk: int) -> HttpResponse:
    _signed(request)
    first = get_object_or_404(selectors.match_roll_rows(), pk=pk)
    try:
        matchday.time_warp(user=request.user, roll=first)
    except ValidationError as error:
        return _fragment_or_page(request, PAGES.fixture(first.fixture_id), errors=error.messages)
    return _fragment_or_page(request, PAGES.fixture(first.fixture_id))


def match_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = PAGES.fixture(pk)
    context = _context(request, fixture, forms=False)
    context["token_marks"] = selectors.token_marks(fixture=fixture, left=context["tokens"])
    context["turns"] = range(1, 13)
    return render(request, "tutatis/match_sheet.html", context)


class TutatisPages(ReportPages):
    """Tutatis's result form sits on the fixture's page, beside the match-day tools; so do
    the commands on its open report."""

    anonymous_forbidden = True
    entry_post_only = True
    done_messages = {
        "confirm": (messages.SUCCESS, _lazy("The result is confirmed.")),
        "dispute": (messages.INFO, _lazy("The result is disputed: the commissioner decides it.")),
        "decide": (messages.SUCCESS, _lazy("The result is decided.")),
    }
    entered_message = _lazy("The result is entered: the other coach confirms it.")

    def entry_form(self, request: HttpRequest, fixture: Fixture) -> ResultForm:
        return _result_form(fixture, request.POST)

    def entry_inputs(self, form: ResultForm) -> dict:
        return {"result": form.result()}

    def entry_refused(self, form: ResultForm, error: Exception) -> None:
        assert isinstance(error, ValidationError)
        form.add_error(None, error.messages)

    def entry_page(self, request: HttpRequest, fixture: Fixture, form: ResultForm) -> HttpResponse:
        context = _context(request, fixture, result_form=form)
        return render(request, "tutatis/fixture.html", context, status=400)


PAGES = TutatisPages(ROUTES)
