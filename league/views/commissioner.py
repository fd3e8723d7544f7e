"""Pages of a league's commissioner: create and set up the league, open seasons, register
teams. (Fixtures and simulations are the matches app's pages, ``matches.views.season``.)"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from core import registry
from core.forms import add_service_errors
from league import selectors, services
from league.forms import (
    SeasonForm,
    TeamRegisterForm,
    colours_initial,
    league_create_form,
    league_settings_form,
)
from league.models import League, Season
from league.views.access import commissioner_required


def form_page(
    request,
    league: League | None,
    form,
    *,
    title: str,
    submit: str,
    intro: str = "",
    cancel: str = "",
    extra: dict | None = None,
) -> HttpResponse:
    context = {
        "league": league,
        "form": form,
        "title": title,
        "submit": submit,
        "intro": intro,
        "cancel": cancel or (league.get_absolute_url() if league else reverse("league:list")),
    }
    return render(request, "league/form.html", context | (extra or {}))


def season_of(league: League, season_id: str | None) -> Season:
    """The season a commissioner's action is about (default: the latest)."""
    wanted = season_id if season_id and season_id.isdigit() else None
    season = selectors.season_get(league=league, season_id=wanted) if wanted else None
    season = season or selectors.season_get(league=league)
    if season is None:
        raise Http404
    return season


def league_url(league: League, season: Season) -> str:
    return f"{league.get_absolute_url()}?season={season.pk}"


@login_required
def league_create(request: HttpRequest) -> HttpResponse:
    """Any signed-in user may start a league and becomes its commissioner."""
    form = league_create_form(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            league = services.league_create(commissioner=request.user, **form.league())
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(
                request, _("%(name)s is created. Register its teams next.") % {"name": league.name}
            )
            return redirect(league)
    return render(request, "league/create.html", {"form": form})


@commissioner_required
def league_settings(request: HttpRequest, league: League) -> HttpResponse:
    form = league_settings_form(request.POST or None, league=league)
    if request.method == "POST" and form.is_valid():
        try:
            services.league_update(league=league, **form.settings())
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("The league settings are saved."))
            return redirect(league)
    simulated = league.rule_system in registry.simulated_names()  # no deadline to keep
    context = {"league": league, "form": form, "league_simulated": simulated}
    return render(request, "league/settings.html", context)


@commissioner_required
def season_create(request: HttpRequest, league: League) -> HttpResponse:
    form = SeasonForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            season = services.season_create(league=league, name=form.cleaned_data["name"])
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("Season %(name)s is open.") % {"name": season.name})
            return redirect(league_url(league, season))
    return form_page(
        request,
        league,
        form,
        title=_("New season"),
        submit=_("Open the season"),
        intro=_(
            "Teams and rosters carry over; the new season starts with an "
            "empty table and no fixtures."
        ),
    )


@commissioner_required
def team_register(request: HttpRequest, league: League) -> HttpResponse:
    colours = colours_initial(selectors.team_default_colours(league=league))
    form = TeamRegisterForm(request.POST or None, initial=colours)
    if request.method == "POST" and form.is_valid():
        try:
            team = services.team_register(league=league, **form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("%(name)s is registered.") % {"name": team.name})
            return redirect(league)
    return form_page(request, league, form, title=_("Register a team"), submit=_("Register"))
