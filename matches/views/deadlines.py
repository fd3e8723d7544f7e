"""Deadlines of results played at the table: a season's round deadlines and the late
fixtures (commissioner), and the kick-off times a fixture's coaches propose to each other (a
panel its page loads by htmx)."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from core.forms import add_service_errors
from league.models import League
from league.views.access import commissioner_required
from matches import deadlines, selectors
from matches.corrections import fixture_award
from matches.forms import ExtendForm, KickoffProposalForm, RoundDeadlinesForm
from matches.views.access import fixture_commissioner_required, load_fixture


@commissioner_required
def season_deadlines(request: HttpRequest, league: League, season_id: int) -> HttpResponse:
    season = get_object_or_404(selectors.season_list(league=league), pk=season_id)
    rounds = selectors.season_round_numbers(season=season)
    saved = {row.round: row.due_at for row in selectors.round_deadlines(season=season)}
    form = RoundDeadlinesForm(request.POST or None, rounds=rounds, saved=saved)
    if request.method == "POST" and form.is_valid():
        try:
            deadlines.round_deadlines_set(
                season=season, deadlines=form.deadlines(), by=request.user
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("The round deadlines are saved."))
            return redirect("league:late_fixtures", league.pk)
    context = {"league": league, "season": season, "form": form}
    return render(request, "matches/deadlines.html", context)


@commissioner_required
def late_fixtures(request: HttpRequest, league: League) -> HttpResponse:
    context = {
        "league": league,
        "late": deadlines.late_fixtures(league=league),
        "extend_form": ExtendForm(),
        "seasons": selectors.season_list(league=league),
    }
    return render(request, "matches/late_fixtures.html", context)


@require_POST
@fixture_commissioner_required
def late_forfeit(request: HttpRequest, fixture) -> HttpResponse:
    """One click on the late list: the fixture awarded to the side the button names."""
    winner = request.POST.get("winner", "")
    reason = _("The deadline passed without a result.")
    try:
        fixture_award(fixture=fixture, winner=winner, reason=reason, by=request.user)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        side = fixture.home if winner == "home" else fixture.away
        messages.success(
            request, _("%(fixture)s is awarded to %(team)s.") % {"fixture": fixture, "team": side}
        )
    return redirect("league:late_fixtures", fixture.season.league_id)


@require_POST
@fixture_commissioner_required
def late_extend(request: HttpRequest, fixture) -> HttpResponse:
    form = ExtendForm(request.POST)
    try:
        if not form.is_valid():
            raise ValidationError(form.errors.get("days") or _("Give a number of days."))
        extended = deadlines.fixture_extend(
            fixture=fixture, days=form.cleaned_data["days"], by=request.user
        )
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(
            request,
            _("%(fixture)s has more time: its result is due by %(deadline)s.")
            % {"fixture": extended, "deadline": selectors.moment(extended.deadline)},
        )
    return redirect("league:late_fixtures", fixture.season.league_id)


def _panel(request: HttpRequest, fixture, form: KickoffProposalForm | None = None) -> HttpResponse:
    side = selectors.coach_side(user=request.user, fixture=fixture)
    context = {
        "fixture": fixture,
        "due_at": selectors.fixture_due_at(fixture=fixture),
        "proposals": deadlines.proposals_open(fixture=fixture),
        "side": side,
        "form": form or KickoffProposalForm(),
        "can_propose": side is not None and fixture.status == fixture.Status.SCHEDULED,
    }
    return render(request, "matches/kickoff_panel.html", context)


@require_GET
def kickoff_panel(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = load_fixture(pk)
    if selectors.is_simulated(fixture=fixture):
        raise Http404
    return _panel(request, fixture)


@require_POST
def kickoff_propose(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = load_fixture(pk)
    if not request.user.is_authenticated:
        raise PermissionDenied
    form = KickoffProposalForm(request.POST)
    if form.is_valid():
        try:
            deadlines.kickoff_propose(
                fixture=fixture, user=request.user, at=form.cleaned_data["at"]
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("Your proposed time is sent to the other coach."))
            if not request.htmx:
                return redirect(fixture)
            form = KickoffProposalForm()
    if request.htmx:
        return _panel(request, fixture, form)
    for message in form.errors.get("at", []) + form.non_field_errors():
        messages.error(request, message)
    return redirect(fixture)


@require_POST
def kickoff_accept(request: HttpRequest, pk: int) -> HttpResponse:
    proposal = get_object_or_404(selectors.kickoff_proposals(), pk=pk)
    if not request.user.is_authenticated:
        raise PermissionDenied
    try:
        deadlines.kickoff_accept(proposal=proposal, user=request.user)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("The kick-off time is agreed."))
    return redirect(proposal.fixture)
