"""The match report: score, how it was decided, the match grid, every turn and every roll."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from league import roles
from league.models import League
from matches import selectors
from matches.views import killpower


def fixture_detail(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = get_object_or_404(selectors.fixture_list(), pk=pk)
    league = fixture.season.league
    if league.rule_system == League.RuleSystem.KILLPOWER:
        return killpower.fixture_detail(request, fixture)
    context = {
        "fixture": fixture,
        "league": league,
        "result": getattr(fixture, "result", None),
        "is_commissioner": roles.is_commissioner(request.user, league),
    }
    return render(request, "matches/fixture.html", context)
