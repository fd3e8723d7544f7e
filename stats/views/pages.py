"""The statistics pages, readable by anyone who can read the league: its leaderboards and
records (``/leagues/<id>/statistics/``, ``?season=<id>`` or ``?season=all``; ``?team=<id>``
for one team's rows) and their
download (``/leagues/<id>/statistics.csv`` or ``.json``)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from core.exports import export_filename, export_format, table_response
from core.refusals import Refused
from league.models import League
from stats import selectors
from stats.selectors import pages


def _context(request: HttpRequest, league: League) -> dict:
    try:
        return pages.league_statistics_page(
            league=league, season_id=request.GET.get("season"), team_id=request.GET.get("team")
        )
    except Refused as refused:
        raise Http404(refused.message) from None


@require_safe
def league_statistics(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(selectors.leagues(), pk=pk)
    return render(request, "stats/league.html", _context(request, league))


@require_safe
def league_statistics_download(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    export_format(fmt)
    league = get_object_or_404(selectors.leagues(), pk=pk)
    context = _context(request, league)
    scope = context["season"].name if context["season"] is not None else "all-time"
    return table_response(
        pages.leaderboards_table(boards=context["boards"]),
        fmt=fmt,
        filename=export_filename(league.name, scope, "statistics", fmt=fmt),
    )
