"""The match report: score, how it was decided, the match grid, every turn and every roll."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from league import roles
from matches import selectors


def fixture_detail(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = get_object_or_404(selectors.fixture_list(), pk=pk)
    league = fixture.season.league
    context = {
        "fixture": fixture,
        "league": league,
        "result": getattr(fixture, "result", None),
        "is_commissioner": roles.is_commissioner(request.user, league),
    }
    return render(request, "matches/fixture.html", context)
