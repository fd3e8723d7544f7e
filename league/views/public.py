"""Pages anyone may read: the league list, and a team's page (its game's own page)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from core import registry
from league import selectors


def league_list(request: HttpRequest) -> HttpResponse:
    leagues = selectors.league_list()
    my_teams = []
    if request.user.is_authenticated:
        my_teams = list(selectors.team_list().filter(coach=request.user))
    return render(request, "league/list.html", {"leagues": leagues, "my_teams": my_teams})




def team_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A team's page, as its game draws it (roster, line-up or gladiators, fixtures)."""
    team = selectors.team_list().filter(pk=pk).first()
    if team is None:
        raise Http404
    return registry.game(team.league.rule_system).team_page(request, team=team)
