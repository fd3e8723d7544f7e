"""The commissioner's tournament pages: create a tournament (Swiss, double elimination, groups then knock-out),
then round by round the pairing screen (pair the next round as a draft, swap two teams with
the rules' warnings, publish), late entries and withdrawals (Swiss only)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.forms import add_service_errors
from league.models import League
from league.views.access import commissioner_required
from tournaments import selectors, services
from tournaments.forms import PublishForm, SwapForm, TeamForm, TournamentForm
from tournaments.models import Tournament


def _tournament(league: League, tournament_id: int) -> Tournament:
    return get_object_or_404(selectors.tournament_list(league=league), pk=tournament_id)


def _screen_url(tournament: Tournament) -> str:
    return reverse("league:tournament-pairing", args=[tournament.season.league_id, tournament.pk])


def _refused(request: HttpRequest, error: ValidationError) -> None:
    for message in error.messages:
        messages.error(request, message)


@commissioner_required
def tournament_create(request: HttpRequest, league: League) -> HttpResponse:
    form = TournamentForm(
        request.POST or None,
        seasons=selectors.seasons_open(league=league),
        teams=selectors.league_teams(league=league),
        metric_labels=selectors.all_metric_labels(rule_system=league.rule_system),
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            tournament = services.tournament_create(
                season=data["season"],
                name=data["name"],
                teams=list(data["teams"]),
                rounds=data["rounds"],
                shape=data["shape"],
                avoid_rematch=data["avoid_rematch"],
                bye_points=data["bye_points"],
                tiebreakers=data["tiebreakers"],
                format=data["format"],
                bracket_reset=data["bracket_reset"],
                group_count=data["group_count"],
                qualifiers=data["qualifiers"],
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("%(name)s is created.") % {"name": tournament.name})
            return redirect(_screen_url(tournament))
    context = {
        "league": league,
        "form": form,
        "title": _("New tournament"),
        "submit": _("Create the tournament"),
        "cancel": reverse("league:tournaments", args=[league.pk]),
    }
    return render(request, "league/form.html", context)


@commissioner_required
def pairing_screen(request: HttpRequest, league: League, tournament_id: int) -> HttpResponse:
    tournament = _tournament(league, tournament_id)
    context = selectors.page(tournament=tournament)
    draft = context["state"].draft
    context |= {
        "draft": draft,
        "warnings": selectors.draft_warnings(round_=draft) if draft else [],
        "swap_form": SwapForm(teams=selectors.round_teams(round_=draft))
        if draft and tournament.format == Tournament.Format.SWISS
        else None,
        "publish_form": PublishForm() if draft else None,
        "entry_form": TeamForm(teams=selectors.team_choices(tournament=tournament), prefix="enter"),
        "withdraw_form": TeamForm(
            teams=selectors.entered_teams(tournament=tournament), prefix="withdraw"
        ),
    }
    return render(request, "tournaments/pairing.html", context)


@require_POST
@commissioner_required
def round_pair(request: HttpRequest, league: League, tournament_id: int) -> HttpResponse:
    tournament = _tournament(league, tournament_id)
    try:
        round_ = services.round_pair(tournament=tournament)
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(
            request,
            _("Round %(number)s is paired: check it, then publish.") % {"number": round_.number},
        )
    return redirect(_screen_url(tournament))


@require_POST
@commissioner_required
def pairing_swap(request: HttpRequest, league: League, tournament_id: int) -> HttpResponse:
    tournament = _tournament(league, tournament_id)
    draft = selectors.round_draft(tournament=tournament)
    if draft is None:
        messages.error(request, _("There is no draft round to change."))
        return redirect(_screen_url(tournament))
    form = SwapForm(request.POST, teams=selectors.round_teams(round_=draft))
    if not form.is_valid():
        for errors in form.errors.values():
            for message in errors:
                messages.error(request, message)
        return redirect(_screen_url(tournament))
    try:
        warnings = services.pairing_swap(
            round_=draft, first=form.cleaned_data["first"], second=form.cleaned_data["second"]
        )
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(request, _("The two teams swapped places."))
        if warnings:
            messages.warning(request, _("The draft now breaks a pairing rule: see the warnings."))
    return redirect(_screen_url(tournament))


@require_POST
@commissioner_required
def round_publish(request: HttpRequest, league: League, tournament_id: int) -> HttpResponse:
    tournament = _tournament(league, tournament_id)
    draft = selectors.round_draft(tournament=tournament)
    form = PublishForm(request.POST)
    if draft is None or not form.is_valid():
        messages.error(request, _("There is no draft round to publish."))
        return redirect(_screen_url(tournament))
    try:
        fixtures = services.round_publish(
            round_=draft, first_kickoff=form.cleaned_data["first_kickoff"]
        )
    except ValidationError as error:
        _refused(request, error)
    else:
        messages.success(
            request,
            _("Round %(number)s is published: %(count)s fixtures.")
            % {"number": draft.number, "count": len(fixtures)},
        )
    return redirect(_screen_url(tournament))


def _entry_action(request: HttpRequest, league: League, tournament_id: int, *, withdraw: bool):
    tournament = _tournament(league, tournament_id)
    teams = (
        selectors.entered_teams(tournament=tournament)
        if withdraw
        else selectors.team_choices(tournament=tournament)
    )
    form = TeamForm(request.POST, teams=teams, prefix="withdraw" if withdraw else "enter")
    if not form.is_valid():
        messages.error(request, _("Choose a team."))
        return redirect(_screen_url(tournament))
    team = form.cleaned_data["team"]
    try:
        if withdraw:
            services.entry_withdraw(tournament=tournament, team=team)
        else:
            services.entry_add(tournament=tournament, team=team)
    except ValidationError as error:
        _refused(request, error)
    else:
        done = _("%(team)s has withdrawn.") if withdraw else _("%(team)s is entered.")
        messages.success(request, done % {"team": team.name})
    return redirect(_screen_url(tournament))


@require_POST
@commissioner_required
def entry_add(request: HttpRequest, league: League, tournament_id: int) -> HttpResponse:
    return _entry_action(request, league, tournament_id, withdraw=False)


@require_POST
@commissioner_required
def entry_withdraw(request: HttpRequest, league: League, tournament_id: int) -> HttpResponse:
    return _entry_action(request, league, tournament_id, withdraw=True)
