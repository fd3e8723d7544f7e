"""A season's forecast page (``/leagues/<id>/seasons/<season id>/forecast/``), readable by
anyone, like the table."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from forecasts import charts, selectors, services


def season_forecast(request: HttpRequest, pk: int, season_id: int) -> HttpResponse:
    season = get_object_or_404(selectors.seasons(), pk=season_id, league_id=pk)
    stored = services.forecast_ensure(season=season)
    outlook = selectors.season_outlook(season=season, stored=stored)
    context = {
        "league": season.league,
        "season": season,
        "outlook": outlook,
        "chart": charts.title_chart(outlook),
    }
    return render(request, "forecasts/season.html", context)
