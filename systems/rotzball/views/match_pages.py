"""A Rotzball match report: score, the match grid, every turn and every roll; before kick-off,
the two line-ups' preview."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from league import roles
from matches.models import Fixture
from systems.rotzball.selectors import records
from systems.rotzball.selectors.preview import fixture_preview_get


def fixture_detail(request: HttpRequest, *, fixture: Fixture) -> HttpResponse:
    """The match report: score, how it was decided, the match grid, every turn and roll."""
    league = fixture.season.league
    context = {
        "fixture": fixture,
        "league": league,
        "is_commissioner": roles.is_commissioner(request.user, league),
        **records.match_report_get(fixture=fixture),
    }
    if fixture.status == Fixture.Status.SCHEDULED:
        context["preview"] = fixture_preview_get(fixture=fixture)
    return render(request, "rotzball/fixture.html", context)
