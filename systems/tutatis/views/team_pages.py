"""Tutatis team pages: the team page, the roster editor with its live check over htmx, the
printable team sheet, and the league's team lists (edited by the commissioner)."""

from collections.abc import Sequence
from copy import copy

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.access import role_gate
from core.page_commands import command_redirect, form_command
from league.models import League, Team
from league.roles import can_edit_roster
from matches.selectors import team_fixture_rows, team_fixture_seasons
from rules_engine.tutatis.roster_draft import roster_counts
from systems.tutatis import engine, roles, selectors
from systems.tutatis.forms import ListEntryForm, RosterForm, TeamListForm
from systems.tutatis.models import Player
from systems.tutatis.services import lists as list_services
from systems.tutatis.services import rosters


def _team(pk: int) -> Team:
    return get_object_or_404(selectors.tutatis_team_list(), pk=pk)


def _league(pk: int) -> League:
    return get_object_or_404(selectors.league_list(), pk=pk)


editor_gate = role_gate(_team, can_edit_roster)
lists_gate = role_gate(_league, roles.can_edit_lists)


def team_detail(request: HttpRequest, team: Team) -> HttpResponse:
    """A Tutatis team page; ``team`` comes read with its league and coach
    (``league.selectors.team_get``)."""
    players = selectors.players_of(team=team)
    can_edit = can_edit_roster(request.user, team)
    shown = team_fixture_seasons(team=team, wanted=request.GET.get("season"))
    lists = selectors.team_lists_for(league=team.league)
    context = {
        "team": team,
        "league": team.league,
        "players": players,
        **selectors.roster_check(team=team, players=players),
        "team_list": selectors.team_list_of(team=team),
        "can_edit": can_edit,
        "list_form": TeamListForm(lists=lists) if can_edit and not players else None,
        "fixtures": team_fixture_rows(team=team, season=shown["fixture_season"]),
        **shown,
    }
    return render(request, "tutatis/team.html", context)


@require_POST
@editor_gate
def team_list_choose(request: HttpRequest, team: Team) -> HttpResponse:
    form = TeamListForm(request.POST, lists=selectors.team_lists_for(league=team.league))
    if form.is_valid():
        try:
            rosters.team_list_choose(
                user=request.user, team=team, team_list=form.cleaned_data["team_list"]
            )
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
            return redirect(team.get_absolute_url())
        return redirect("league:tt_roster", team.pk)
    messages.error(request, _("Choose one of this league's team lists."))
    return redirect(team.get_absolute_url())


def _check_context(team: Team, form: RosterForm) -> dict:
    """The live check of the counts posted (nothing saved), or why they cannot be checked."""
    budget = engine.league_rules(team.league).budget
    if not form.is_valid():
        return {"draft_error": _("Give whole numbers from 0 to 12."), "budget": budget}
    try:
        draft, _fired = rosters.roster_draft(team=team, counts=form.counts())
    except ValidationError as error:
        return {"draft_error": " ".join(error.messages), "budget": budget}
    return selectors.roster_check(team=team, players=draft)


@editor_gate
def roster(request: HttpRequest, team: Team) -> HttpResponse:
    """The roster editor: counts per entry of the list; the check follows every change."""
    team_list = selectors.team_list_of(team=team)
    if team_list is None:
        messages.info(request, _("Choose the team's list first."))
        return redirect(team.get_absolute_url())
    entries = selectors.entries_of(team_list=team_list)
    counts = roster_counts(selectors.players_of(team=team))
    form = RosterForm(request.POST or None, entries=entries, counts=counts)
    context = {"team": team, "league": team.league, "team_list": team_list, "form": form}
    if request.method == "POST" and request.POST.get("check_only"):
        return render(request, "tutatis/roster.html#check", context | _check_context(team, form))
    if request.method == "POST" and form.is_valid():
        try:
            rosters.roster_set(user=request.user, team=team, counts=form.counts())
        except ValidationError as error:
            # the refusal above the form; the check box checks what was posted (the form
            # itself is valid: the refusal names no field of it)
            context |= _check_context(team, form) | {"refused": error.messages}
            return render(request, "tutatis/roster.html", context)
        messages.success(request, _("The roster is saved."))
        return redirect(team.get_absolute_url())
    return render(request, "tutatis/roster.html", context | selectors.roster_check(team=team))


def team_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    team = _team(pk)
    context = {"team": team, "league": team.league, "sheet": selectors.team_sheet(team)}
    return render(request, "tutatis/team_sheet.html", context)


def team_lists(request: HttpRequest, pk: int) -> HttpResponse:
    league = _league(pk)
    lists = selectors.team_lists_for(league=league)
    can_edit = roles.can_edit_lists(request.user, league)
    context = {"league": league, "lists": lists, "can_edit": can_edit}
    return render(request, "tutatis/lists.html", context)


@require_POST
@lists_gate
def team_list_copy(request: HttpRequest, league: League, list_pk: int) -> HttpResponse:
    team_list = get_object_or_404(selectors.team_lists(), pk=list_pk)
    return command_redirect(
        request,
        reverse("league:tt_lists", args=[league.pk]),
        lambda copy: (
            _("%(name)s is now this league's own list: edit it below.") % {"name": copy.name}
        ),
        list_services.team_list_copy,
        league=league,
        team_list=team_list,
    )


def entry_edit(request: HttpRequest, pk: int) -> HttpResponse:
    entry = get_object_or_404(selectors.list_entry_rows(), pk=pk)
    league = entry.team_list.league
    if league is None or not roles.can_edit_lists(request.user, league):
        raise Http404
    form = ListEntryForm(request.POST or None, instance=copy(entry))  # the form changes its own

    def save(data: dict) -> tuple[str, str]:
        list_services.list_entry_update(user=request.user, entry=entry, **data)
        return _("The entry is saved."), reverse("league:tt_lists", args=[league.pk])

    if saved := form_command(request, form, save):
        return saved
    context = {"entry": entry, "league": league, "form": form}
    return render(request, "tutatis/entry_form.html", context)


def league_context(
    request: HttpRequest, league: League, season=None, teams: Sequence[Team] = ()
) -> dict:
    """What the league page adds for a Tutatis league: the team lists, and the results
    waiting for this user's word (to confirm, or to decide)."""
    return {
        "game_tools_template": "tutatis/league_tools.html",
        "tt_waiting": selectors.reports_waiting_for(user=request.user, league=league),
    }


def _player(pk: int) -> Player:
    return get_object_or_404(selectors.player_rows(), pk=pk)


player_gate = role_gate(_player, lambda user, player: can_edit_roster(user, player.team))


@require_POST
@player_gate
def player_action(request: HttpRequest, player: Player, verb: str) -> HttpResponse:
    """Move a player between the pitch and the bench, rename him, or fire him."""
    try:
        if verb == "move":
            rosters.player_update(user=request.user, player=player, on_pitch=not player.on_pitch)
        elif verb == "rename":
            name = request.POST.get("name", "").strip()
            rosters.player_update(user=request.user, player=player, name=name)
        elif verb == "fire":
            rosters.player_fire(user=request.user, player=player)
            messages.success(request, _("%(name)s is fired.") % {"name": player.name})
        else:
            raise Http404
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    return redirect(player.team.get_absolute_url())
