"""Pages of a league's commissioner: create and set up the league, register teams, generate
fixtures, simulate (with a progress page polled by htmx)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from league import services
from league.forms import (
    FixtureScheduleForm,
    FixturesGenerateForm,
    LeagueCreateForm,
    LeagueSettingsForm,
    SeasonForm,
    TeamRegisterForm,
    add_league_errors,
    add_service_errors,
)
from league.models import League, Season
from league.views.access import commissioner_required
from league.views.partials import page_or_fragment
from league.views.public import standings_context
from matches import selectors as match_selectors
from matches import services as match_services
from matches.models import Fixture, SimulationBatch


def _form_page(request, league: League | None, form, *, title: str, submit: str, intro: str = "",
               cancel: str = "", extra: dict | None = None) -> HttpResponse:
    context = {"league": league, "form": form, "title": title, "submit": submit, "intro": intro,
               "cancel": cancel or (league.get_absolute_url() if league else reverse("league:list"))}
    return render(request, "league/form.html", context | (extra or {}))


def _season(league: League, season_id: str | None) -> Season:
    """The season a commissioner's action is about (default: the latest)."""
    seasons = league.seasons.all()
    season = seasons.filter(pk=season_id).first() if season_id and season_id.isdigit() else None
    season = season or seasons.first()
    if season is None:
        raise Http404
    return season


def _league_url(league: League, season: Season) -> str:
    return f"{league.get_absolute_url()}?season={season.pk}"


@login_required
def league_create(request: HttpRequest) -> HttpResponse:
    """Any signed-in user may start a league and becomes its commissioner."""
    form = LeagueCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            league = services.league_create(commissioner=request.user, **form.league())
        except ValidationError as error:
            add_league_errors(form, error)
        else:
            messages.success(request, _("%(name)s is created. Register its teams next.")
                             % {"name": league.name})
            return redirect(league)
    return render(request, "league/create.html", {"form": form})


@commissioner_required
def league_settings(request: HttpRequest, league: League) -> HttpResponse:
    form = LeagueSettingsForm(request.POST or None, league=league,
                              initial=LeagueSettingsForm.initial_for(league))
    if request.method == "POST" and form.is_valid():
        try:
            services.league_update(league=league, **form.settings())
        except ValidationError as error:
            add_league_errors(form, error)
        else:
            messages.success(request, _("The league settings are saved."))
            return redirect(league)
    return render(request, "league/settings.html", {"league": league, "form": form})


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
            return redirect(_league_url(league, season))
    return _form_page(request, league, form, title=_("New season"), submit=_("Open the season"),
                      intro=_("Teams and rosters carry over; the new season starts with an "
                              "empty table and no fixtures."))


@commissioner_required
def team_register(request: HttpRequest, league: League) -> HttpResponse:
    form = TeamRegisterForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            team = services.team_register(league=league, **form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("%(name)s is registered.") % {"name": team.name})
            return redirect(league)
    usernames = User.objects.filter(is_active=True).order_by("username").values_list(
        "username", flat=True)
    return _form_page(request, league, form, title=_("Register a team"), submit=_("Register"),
                      extra={"usernames": usernames})


@commissioner_required
def fixtures_generate(request: HttpRequest, league: League) -> HttpResponse:
    season = _season(league, request.GET.get("season") or request.POST.get("season"))
    form = FixturesGenerateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            fixtures = match_services.fixtures_generate(season=season, **form.schedule())
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("%(count)s fixtures are scheduled.")
                             % {"count": len(fixtures)})
            return redirect(_league_url(league, season))
    return _form_page(
        request, league, form, title=_("Generate the fixtures"), submit=_("Generate"),
        intro=_("Season %(season)s: every team meets every other, by the circle method. With "
                "an odd number of teams, one team rests each round.") % {"season": season.name},
        cancel=_league_url(league, season), extra={"hidden": {"season": season.pk}},
    )


@commissioner_required
def fixture_schedule(request: HttpRequest, league: League) -> HttpResponse:
    """Schedule one fixture between any two teams (a championship season)."""
    season = _season(league, request.GET.get("season") or request.POST.get("season"))
    form = FixtureScheduleForm(request.POST or None, league=league)
    if request.method == "POST" and form.is_valid():
        try:
            fixture = match_services.fixture_schedule(season=season, **form.schedule())
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("%(fixture)s is scheduled.") % {"fixture": fixture})
            return redirect(_league_url(league, season))
    return _form_page(
        request, league, form, title=_("Schedule a fixture"), submit=_("Schedule"),
        intro=_("Season %(season)s: any two teams of the league; each team plays at most once "
                "a round.") % {"season": season.name},
        cancel=_league_url(league, season), extra={"hidden": {"season": season.pk}},
    )


@require_POST
@commissioner_required
def simulate(request: HttpRequest, league: League) -> HttpResponse:
    """Kick off and simulate a fixture, a round or the whole season; then show the progress."""
    season = _season(league, request.POST.get("season"))
    scope: dict = {}
    if request.POST.get("fixture", "").isdigit():
        fixture = get_object_or_404(Fixture, pk=request.POST["fixture"], season__league=league)
        season, scope["fixture"] = fixture.season, fixture
    elif request.POST.get("round", "").isdigit():
        scope["round_number"] = int(request.POST["round"])
    try:
        batch = match_services.simulation_request(season=season, user=request.user, **scope)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
        back = request.POST.get("next", "")
        if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()}):
            back = _league_url(league, season)
        return redirect(back)
    return redirect("league:batch", league.pk, batch.pk)


def batch(request: HttpRequest, pk: int, batch_id: int) -> HttpResponse:
    """A simulation's progress; htmx polls the ``progress`` fragment every second.

    The commissioner lands here after asking for a simulation, but the page only reads public
    results, so anyone may watch it, as anyone may read ``/api/v1/simulation-batches/``.
    """
    league = get_object_or_404(League.objects.select_related("commissioner"), pk=pk)
    try:
        simulation = match_selectors.batch_get(batch_id=batch_id)
    except SimulationBatch.DoesNotExist:
        raise Http404 from None
    if simulation.season.league_id != league.pk:
        raise Http404
    progress = match_selectors.batch_progress(batch=simulation)
    done = progress["played"] >= progress["total"]
    context = {
        "league": league,
        "batch": simulation,
        "progress": progress,
        "done": done,
        "league_url": _league_url(league, simulation.season),
    }
    if done:
        context["fixtures"] = match_selectors.batch_fixtures(batch=simulation)
        context |= standings_context(league, simulation.season)
    template = page_or_fragment(request, "league/batch.html", "progress")
    return render(request, template, context)

