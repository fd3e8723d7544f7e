"""Mythril match pages: the fixture page (result, reports and their commands, the post-match
sequence with every roll, the match's team bets), the result entry form and the printable
match sheet."""

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext_lazy as _lazy

from core.refusals import Refused
from matches.models import Fixture
from matches.table_results.urls import ReportRoutes
from matches.table_results.views import ReportPages, refusal_text
from rules_engine.mythril.report import COUNTS
from systems.mythril import RULE_SYSTEM, SIDES, selectors

INJURIES = (
    ("", "–"),
    ("badly_hurt", _lazy("Badly hurt")),
    ("serious", _lazy("Serious injury")),
    ("niggling", _lazy("Niggling injury")),
    ("ma_loss", _lazy("-1 MA")),
    ("st_loss", _lazy("-1 ST")),
    ("ag_loss", _lazy("-1 AG")),
    ("av_loss", _lazy("-1 AV")),
    ("dead", _lazy("Dead")),
)


ROUTES = ReportRoutes(
    RULE_SYSTEM,
    entry_page=("<int:pk>/mythril-result/", "my_result"),
    command_page=("mythril-reports/<int:pk>/<str:command>/", "my_report_command"),
    submit_api=("mythril/fixtures/<int:pk>/result-reports/", "mythril-result-submit"),
    command_api=("mythril/result-reports/<int:pk>/<str:command>/", "mythril-report-command"),
)
"""Mythril's report addresses as they always were."""


def _fixture(pk: int) -> Fixture:
    return get_object_or_404(selectors.fixture_list(), pk=pk)


def fixture_detail(request: HttpRequest, fixture: Fixture) -> HttpResponse:
    fixture = _fixture(fixture.pk)
    report = selectors.open_report(fixture=fixture)
    context = {
        **selectors.match_page(fixture),
        "report": report,
        "result": getattr(fixture, "result", None) if fixture.status == "played" else None,
        **PAGES.report_context(request.user, fixture, report),
        "names": selectors.sheet_names(fixture),
    }
    return render(request, "mythril/fixture.html", context)


def match_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = _fixture(pk)
    context = {**selectors.match_page(fixture), "sheets": selectors.match_sheets(fixture)}
    return render(request, "mythril/match_sheet.html", context)


class _Entered:
    """The result form's fields as the service reads a result, with the refusals to show."""

    def __init__(self, post: Any, sheets: dict[str, dict[str, Any]]) -> None:
        self.post, self.sheets, self.errors = post, sheets, []

    def is_valid(self) -> bool:
        return True

    def number(self, name: str) -> int | str:
        value = self.post.get(name, "0").strip() or "0"
        return int(value) if value.isdigit() else value

    def result(self) -> dict[str, Any]:
        post, number = self.post, self.number

        def ticked(name: str) -> bool:
            return post.get(name) == "on"

        result: dict[str, Any] = {"score": {side: number(f"{side}_score") for side in SIDES}}
        if post.get("forfeit") in SIDES:
            result["forfeit"] = post["forfeit"]
            result["unfinished_halves"] = number("unfinished_halves")
            result["turns_played"] = ticked("turns_played")
        for side in SIDES:
            stats = [
                {
                    "player": player["id"],
                    **{key: number(f"{side}_{player['id']}_{key}") for key in COUNTS},
                    "injury": post.get(f"{side}_{player['id']}_injury") or None,
                    "played": ticked(f"{side}_{player['id']}_played"),
                }
                for player in self.sheets[side]["players"]
            ]
            entry: dict[str, Any] = {"stats": stats}
            if post.get(f"{side}_apothecary_target"):
                entry["apothecary_target"] = post[f"{side}_apothecary_target"]
            entry["apothecary_used"] = ticked(f"{side}_apothecary_used")
            if penalty := post.getlist(f"{side}_penalty"):
                entry["penalty_touchdowns"] = penalty
            result[side] = entry
        return result


class MythrilPages(ReportPages):
    """Mythril's result form (every player's counts and injury) and the commands on the
    fixture's page."""

    refusals = (Refused,)
    entered_message = _lazy("The result waits for the other coach's word.")

    def entry_form(self, request: HttpRequest, fixture: Fixture) -> _Entered:
        return _Entered(request.POST, selectors.match_sheets(fixture))

    def entry_inputs(self, form: _Entered) -> dict[str, Any]:
        return {"result": form.result()}

    def entry_refused(self, form: _Entered, error: Exception) -> None:
        form.errors.append(refusal_text(error))

    def entry_page(self, request: HttpRequest, fixture: Fixture, form: _Entered) -> HttpResponse:
        sides = [(side, getattr(fixture, side), form.sheets[side]) for side in SIDES]
        shown = {"counts": COUNTS, "injuries": INJURIES, "errors": form.errors}
        context = {"fixture": fixture, "league": fixture.season.league, "sides": sides, **shown}
        return render(request, "mythril/result_form.html", {**context, "post": request.POST})


PAGES = MythrilPages(ROUTES)
