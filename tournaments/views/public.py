"""A league's tournaments and a tournament's page (entries, rounds with their pairings,
standings), readable by anyone like the league table, printable."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from league import roles
from league import selectors as league_selectors
from tournaments import selectors


def tournament_list(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(league_selectors.league_with_commissioner(), pk=pk)
    context = {
        "league": league,
        "tournaments": selectors.tournament_list(league=league),
        "is_commissioner": roles.is_commissioner(request.user, league),
    }
    return render(request, "tournaments/list.html", context)


def tournament_detail(request: HttpRequest, pk: int, tournament_id: int) -> HttpResponse:
    tournament = get_object_or_404(selectors.tournaments(), pk=tournament_id, season__league_id=pk)
    context = selectors.page(tournament=tournament)
    context["is_commissioner"] = roles.is_commissioner(request.user, context["league"])
    return render(request, "tournaments/detail.html", context)
