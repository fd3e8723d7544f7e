"""Pages anyone may read: the league list, and a team's page (its game's own page)."""

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from league import plugins, selectors

LEAGUES_PER_PAGE = 50


def league_list(request: HttpRequest) -> HttpResponse:
    """The leagues by name, 50 a page (``?page=N``; a page out of range shows the last)."""
    leagues = selectors.league_list(counted=False).order_by("name", "pk")
    page = Paginator(leagues, LEAGUES_PER_PAGE).get_page(request.GET.get("page"))
    page.object_list = selectors.team_counts_set(list(page.object_list))
    my_teams = []
    if request.user.is_authenticated:
        my_teams = list(selectors.team_list(coach=request.user))
    return render(request, "league/list.html", {"page": page, "my_teams": my_teams})


def team_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A team's page, as its game draws it (roster, line-up or gladiators, fixtures)."""
    team = selectors.team_get(team_id=pk)
    if team is None:
        raise Http404
    return plugins.team_views.of(team.league.rule_system).team_page(request, team=team)
