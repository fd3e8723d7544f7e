"""A fixture's ratings panel: the two teams' ratings entering it and the result they expect,
loaded by htmx on every game's fixture page."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ratings import chances


@require_GET
def fixture_panel(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = chances.fixture_get(pk)
    if fixture is None:
        raise Http404
    context = {"fixture": fixture, "outlook": chances.fixture_outlook(fixture)}
    return render(request, "ratings/fixture_panel.html", context)
