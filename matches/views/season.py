"""A commissioner's pages on a season's fixtures: generate them, schedule one, simulate a
fixture, a round or the season, and watch a simulation's progress (polled by htmx)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from core.forms import add_service_errors
from core.htmx import page_or_fragment
from core.page_limits import expensive_page
from core.refusals import Refused
from league import selectors as league_selectors
from league.models import League
from league.views.access import commissioner_required
from league.views.commissioner import form_page, league_url, season_of
from matches import selectors as match_selectors
from matches import services as match_services
from matches.forms import FixtureScheduleForm, FixturesGenerateForm
from matches.models import SimulationBatch
from matches.views.league_page import standings_context


@commissioner_required
def fixtures_generate(request: HttpRequest, league: League) -> HttpResponse:
    season = season_of(league, request.GET.get("season") or request.POST.get("season"))
    refusal = detail = ""
    if request.method != "POST":  # said at once, rather than after filling the form in
        try:
            match_services.fixtures_generate_check(season=season)
        except Refused as refused:
            refusal = refused.message
            if refused.code == "fixtures_exist":
                count = refused.params["count"]
                detail = ngettext(
                    "It has %(count)s fixture, shown on the league page.",
                    "It has %(count)s fixtures, shown on the league page.",
                    count,
                ) % {"count": count}
    form = FixturesGenerateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            fixtures = match_services.fixtures_generate(season=season, **form.schedule())
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(
                request, _("%(count)s fixtures are scheduled.") % {"count": len(fixtures)}
            )
            return redirect(league_url(league, season))
    return form_page(
        request,
        league,
        form,
        title=_("Generate the fixtures"),
        submit=_("Generate"),
        intro=_(
            "Season %(season)s: every team meets every other, by the circle method. With "
            "an odd number of teams, one team rests each round."
        )
        % {"season": season.name},
        cancel=league_url(league, season),
        extra={"hidden": {"season": season.pk}, "refusal": refusal, "refusal_detail": detail},
    )


@commissioner_required
def fixture_schedule(request: HttpRequest, league: League) -> HttpResponse:
    """Schedule one fixture between any two teams (a championship season)."""
    season = season_of(league, request.GET.get("season") or request.POST.get("season"))
    form = FixtureScheduleForm(request.POST or None, league=league)
    if request.method == "POST" and form.is_valid():
        try:
            fixture = match_services.fixture_schedule(season=season, **form.schedule())
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("%(fixture)s is scheduled.") % {"fixture": fixture})
            return redirect(league_url(league, season))
    return form_page(
        request,
        league,
        form,
        title=_("Schedule a fixture"),
        submit=_("Schedule"),
        intro=_(
            "Season %(season)s: any two teams of the league; each team plays at most once a round."
        )
        % {"season": season.name},
        cancel=league_url(league, season),
        extra={"hidden": {"season": season.pk}},
    )


@require_POST
@commissioner_required
@expensive_page
def simulate(request: HttpRequest, league: League) -> HttpResponse:
    """Kick off and simulate a fixture, a round or the whole season; then show the progress."""
    season = season_of(league, request.POST.get("season"))
    scope: dict = {}
    if request.POST.get("fixture", "").isdigit():
        fixture = get_object_or_404(
            match_selectors.fixture_list(), pk=request.POST["fixture"], season__league=league
        )
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
            back = league_url(league, season)
        return redirect(back)
    return redirect("league:batch", league.pk, batch.pk)


def batch(request: HttpRequest, pk: int, batch_id: int) -> HttpResponse:
    """A simulation's progress; htmx polls the ``progress`` fragment every second.

    The commissioner lands here after asking for a simulation, but the page only reads public
    results, so anyone may watch it, as anyone may read ``/api/v1/simulation-batches/``.
    """
    league = get_object_or_404(league_selectors.league_with_commissioner(), pk=pk)
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
        "league_url": league_url(league, simulation.season),
    }
    if done:
        context["fixtures"] = match_selectors.batch_fixtures(batch=simulation)
        context |= standings_context(league, simulation.season)
    template = page_or_fragment(request, "league/batch.html", "progress")
    return render(request, template, context)
