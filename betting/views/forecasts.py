"""How good the league's odds were: every played fixture's stored chances against its result,
grouped by chance (a calibration chart). Anyone may read it, like the odds themselves."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from betting import charts, forecasts
from betting.league_settings import settings_of
from betting.views.access import league_get
from league import roles


@require_GET
def league_forecasts(request: HttpRequest, pk: int) -> HttpResponse:
    league = league_get(pk)
    fixtures, buckets = forecasts.calibration(league)
    context = {
        "league": league,
        "settings": settings_of(league),
        "is_commissioner": roles.is_commissioner(request.user, league),
        "fixtures": fixtures,
        "buckets": buckets,
        "chart": charts.calibration_chart(buckets),
    }
    return render(request, "betting/forecasts.html", context)
