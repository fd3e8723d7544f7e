"""How good the forecasts were, season by season: the model's stored odds, the crowd's stakes
and a naive baseline scored on the played fixtures (Brier score, log loss, a reliability
chart), and every scored fixture's chances against its result. Anyone may read it, like the
odds themselves; it prints as a sheet."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from betting import charts
from betting.calibration import calibration_get, season_choose, seasons_of
from betting.league_settings import settings_of
from betting.views.access import league_get
from league import roles


@require_GET
def league_forecasts(request: HttpRequest, pk: int) -> HttpResponse:
    league = league_get(pk)
    wanted = request.GET.get("season", "")
    seasons = seasons_of(league)
    season = season_choose(seasons, wanted)
    if wanted and season is None:
        raise Http404("no such season in this league")
    calibration = calibration_get(league=league, season=season)
    context = {
        "league": league,
        "settings": settings_of(league),
        "is_commissioner": roles.is_commissioner(request.user, league),
        "seasons": seasons,
        "season": season,
        "calibration": calibration,
        "chart": charts.calibration_chart(calibration.forecasters),
    }
    return render(request, "betting/forecasts.html", context)
