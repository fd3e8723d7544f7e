"""A league's year in pages: finish a season (a confirmation showing the champion to be),
start the next one (a form, then a confirmation of who plays), retire or bring back a team,
and the league's champions with its all-time table (anyone may read them)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from core.access import role_gate
from core.forms import add_service_errors
from core.refusals import Refused
from league import roles
from league import selectors as league_selectors
from league.models import League, Team
from league.views.access import commissioner_required
from league.views.commissioner import league_url
from matches import seasons, selectors
from matches.all_time import all_time_table, champions_list
from matches.season_forms import NextSeasonForm


@commissioner_required
def season_finish(request: HttpRequest, league: League, season_id: int) -> HttpResponse:
    """GET: what finishing means (the champion to be, or what is left to play); POST: finish."""
    season = get_object_or_404(selectors.season_list(league=league), pk=season_id)
    season.league = league
    if request.method == "POST":
        try:
            finished = seasons.season_finish(season=season, by=request.user)
        except ValidationError as error:  # a Refused too
            for message in error.messages:
                messages.error(request, message)
        else:
            champion = finished.champion.name if finished.champion else _("nobody")
            messages.success(
                request,
                _("Season %(season)s is finished: %(team)s are the champions.")
                % {"season": finished.name, "team": champion},
            )
        return redirect(league_url(league, season))
    left = selectors.season_unresolved(season=season)
    context = {
        "league": league,
        "season": season,
        "left": list(left.order_by("round", "pk")[:20]),
        "left_count": left.count(),
        "champion": None if season.finished_at else seasons.season_champion(season=season),
        "back": league_url(league, season),
    }
    return render(request, "league/season_finish.html", context)


@commissioner_required
def season_start_next(request: HttpRequest, league: League) -> HttpResponse:
    """The next season's name and teams; a second step shows who will play and asks to
    confirm before anything is written."""
    latest = league_selectors.season_get(league=league)
    form = NextSeasonForm(request.POST or None, league=league)
    confirming = False
    if request.method == "POST" and form.is_valid():
        if form.cleaned_data["confirm"]:
            try:
                season = seasons.season_start_next(league=league, by=request.user, **form.start())
            except ValidationError as error:  # a Refused too
                add_service_errors(form, error)
            else:
                messages.success(request, _("Season %(name)s has started.") % {"name": season.name})
                return redirect(league_url(league, season))
        else:
            confirming = True
    valid = form.is_bound and form.is_valid()
    retired = set(form.cleaned_data.get("retire") or []) if valid else set()
    playing = [team for team in form.fields["retire"].queryset if team not in retired]
    added = form.cleaned_data.get("add", []) if confirming else []
    context = {
        "league": league,
        "latest": latest,
        "form": form,
        "confirming": confirming,
        "playing": playing,
        "retired": sorted(retired, key=lambda team: team.name),
        "added": added,
        "team_count": len(playing) + len(added),
        "back": league_url(league, latest) if latest else league.get_absolute_url(),
    }
    return render(request, "league/season_next.html", context)


def _load_team(pk: int) -> Team:
    return get_object_or_404(league_selectors.team_with_league(), pk=pk)


team_commissioner_required = role_gate(
    _load_team, lambda user, team: roles.is_commissioner(user, team.league)
)
"""The view gets the ``Team`` its ``pk`` names, when the user runs its league."""


def _team_action(request: HttpRequest, team: Team, *, retire: bool) -> HttpResponse:
    """GET: a confirmation; POST: retire the team, or bring it back."""
    if request.method == "POST":
        action = seasons.team_retire if retire else seasons.team_reinstate
        try:
            action(team=team, by=request.user)
        except Refused as refused:
            messages.error(request, refused.message)
        else:
            done = _("%(team)s is retired.") if retire else _("%(team)s is back.")
            messages.success(request, done % {"team": team.name})
        return redirect(team)
    return render(
        request,
        "league/team_retire.html",
        {
            "league": team.league,
            "team": team,
            "retire": retire,
        },
    )


@team_commissioner_required
def team_retire(request: HttpRequest, team: Team) -> HttpResponse:
    return _team_action(request, team, retire=True)


@team_commissioner_required
def team_reinstate(request: HttpRequest, team: Team) -> HttpResponse:
    return _team_action(request, team, retire=False)


def all_time(request: HttpRequest, pk: int) -> HttpResponse:
    """The champions season by season and the all-time table; anyone may read them."""
    league = get_object_or_404(league_selectors.league_with_commissioner(), pk=pk)
    return render(
        request,
        "league/all_time.html",
        {
            "league": league,
            "rows": all_time_table(league=league),
            "champions": list(champions_list(league=league)),
        },
    )
