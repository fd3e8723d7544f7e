"""The ratings pages, readable by anyone who can read the league: a league's team ratings
(``/leagues/<id>/ratings/``) and a coach's (``/coaches/<id>/ratings/``)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from ratings import charts, selectors


def league_ratings(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(selectors.leagues(), pk=pk)
    standings = selectors.league_ratings(league=league)
    context = {
        "league": league,
        "standings": standings,
        "chart": charts.league_chart(standings),
    }
    return render(request, "ratings/league.html", context)


def coach_ratings(request: HttpRequest, pk: int) -> HttpResponse:
    coach = selectors.coach_of_ratings(coach_id=pk)
    if coach is None:
        raise Http404
    pools = selectors.coach_ratings(coach=coach)
    context = {"coach": coach, "pools": pools, "chart": charts.coach_chart(pools)}
    return render(request, "ratings/coach.html", context)
