"""A Rotzball match report: score, the match grid, every turn and every roll; before kick-off,
the two line-ups' preview."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from core import documents
from league import roles
from matches.models import Fixture
from systems.rotzball.documents import MATCH_RECORD, TEAM_SHEET
from systems.rotzball.selectors import records
from systems.rotzball.selectors.preview import fixture_preview_get
from systems.rotzball.views.team_pages import lineup_rows


def fixture_detail(request: HttpRequest, *, fixture: Fixture) -> HttpResponse:
    """The match report: score, how it was decided, the match grid, every turn and roll."""
    league = fixture.season.league
    result = getattr(fixture, "result", None)
    if result is not None:  # what older code stored reads as today's (core.documents)
        result.record = documents.read(MATCH_RECORD, result.record)
    fixture.home_sheet = documents.read(TEAM_SHEET, fixture.home_sheet)
    fixture.away_sheet = documents.read(TEAM_SHEET, fixture.away_sheet)
    context = {
        "fixture": fixture,
        "league": league,
        "result": result,
        "is_commissioner": roles.is_commissioner(request.user, league),
        "sheets": {
            "home": records.sheet_report(sheet=fixture.home_sheet),
            "away": records.sheet_report(sheet=fixture.away_sheet),
        },
        "turns": records.match_turns(record=result.record if result is not None else None),
    }
    if fixture.status == Fixture.Status.SCHEDULED:
        preview = fixture_preview_get(fixture=fixture)
        context["preview"] = preview | {
            "rows": {side: lineup_rows(p.report) for side, p in preview["sides"].items()}
        }
    return render(request, "rotzball/fixture.html", context)
