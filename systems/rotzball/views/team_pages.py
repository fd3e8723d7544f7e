"""A Rotzball team's pages: its public page (roster, line-up, ratings, fixtures), and its
coach's (and its league's commissioner's): roster, line-up, match plan.

Forms post back to their page; with htmx the page answers with the form fragment (errors
inline) and, on success, sends the browser to the page again. Without JavaScript the same
URLs answer with whole pages and redirects. Once the team has kicked off the services refuse
every change and the pages say why.
"""

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.forms.models import model_to_dict
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.forms import add_service_errors, check_as_typed
from core.htmx import page_or_fragment
from core.page_commands import form_command
from league import roles
from league.models import Team
from league.views.access import roster_editor_required
from matches.rosters import team_frozen_reason
from matches.selectors import team_fixture_seasons, team_fixture_sides
from matches.table_results.views import done
from systems.rotzball import services
from systems.rotzball.forms import LineupForm, MatchPlanForm, PlayerForm
from systems.rotzball.models import Player, Tactic
from systems.rotzball.selectors import pages
from systems.rotzball.selectors import teams as selectors


def team_detail(request: HttpRequest, *, team: Team) -> HttpResponse:
    """A Rotzball team's page: roster, line-up with each position's score, ratings, fixtures."""
    selectors.roster_prefetch(team=team)
    can_edit = roles.can_edit_roster(request.user, team)
    tactic = selectors.tactic_of(team)
    shown = team_fixture_seasons(team=team, wanted=request.GET.get("season"))
    context = {
        "team": team,
        "league": team.league,
        "tactic": tactic,
        "tactic_label": Tactic(tactic).label,
        "players": pages.roster_rows(team=team),
        **pages.lineup_page_get(team=team),
        "fixtures": team_fixture_sides(team=team, season=shown["fixture_season"]),
        **shown,
        "can_edit": can_edit,
        "frozen": team_frozen_reason(team=team) if can_edit else None,
    }
    return render(request, "rotzball/team.html", context)


def _player(team: Team, player_id: int) -> Player:
    """One of ``team``'s players, fresh from the database (404 for another id)."""
    return get_object_or_404(selectors.player_list(team=team), pk=player_id)


def _coach_page(request: HttpRequest, template: str, team: Team, **context: Any) -> HttpResponse:
    """One of the coach's pages: ``template`` with the team, its league, why it cannot change
    now, and ``context``."""
    page = {"team": team, "league": team.league, "frozen": team_frozen_reason(team=team)}
    return render(request, template, page | context)


def _roster_page(request, team, form, *, editing: Player | None = None):
    selectors.roster_prefetch(team=team)
    players = pages.roster_rows(team=team)
    template = page_or_fragment(request, "rotzball/roster.html", "player-form")
    return _coach_page(request, template, team, players=players, form=form, editing=editing)


def _player_post(request, team: Team, player: Player | None = None) -> HttpResponse:
    """A posted player form: checked as typed (``check=1``), else the player added (or
    ``player`` changed) and on to the roster page; refused, the form again with its errors."""
    form = PlayerForm(request.POST)
    if request.POST.get("check"):  # a field lost focus: the roster's rules on what is typed
        check_as_typed(form, lambda data: services.players_check(players=[(team, player, data)]))
        return _roster_page(request, team, form, editing=player)
    if form.is_valid():
        try:
            if player is None:
                saved = services.player_create(team=team, **form.cleaned_data)
                done_message = _("%(name)s joined the roster.") % {"name": saved.name}
            else:
                services.player_update(player=player, **form.cleaned_data)
                done_message = _("%(name)s is updated.") % {"name": player.name}
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, done_message)
            return done(request, reverse("league:roster", args=[team.pk]))
    editing = None if player is None else _player(team, player.pk)
    return _roster_page(request, team, form, editing=editing)


@roster_editor_required
def roster(request: HttpRequest, team: Team) -> HttpResponse:
    """The players, and a form to add one."""
    if request.method != "POST":
        return _roster_page(request, team, PlayerForm())
    return _player_post(request, team)


@roster_editor_required
def player_edit(request: HttpRequest, team: Team, player_id: int) -> HttpResponse:
    player = _player(team, player_id)
    if request.method != "POST":
        form = PlayerForm(initial=model_to_dict(player, services.PLAYER_FIELDS))
        return _roster_page(request, team, form, editing=player)
    return _player_post(request, team, player)


@require_POST
@roster_editor_required
def player_delete(request: HttpRequest, team: Team, player_id: int) -> HttpResponse:
    player = _player(team, player_id)
    try:
        services.player_delete(player=player)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("%(name)s left the roster.") % {"name": player.name})
    return done(request, reverse("league:roster", args=[team.pk]))


def _lineup_page(request, template: str, team: Team, form: LineupForm, lineup: dict[str, Player]):
    page = pages.lineup_page_get(team=team, lineup=lineup)
    rows = [dict(row, field=form[row["position"]]) for row in page["lineup_rows"]]
    empty = page["empty_positions"]
    return _coach_page(
        request, template, team, form=form, report=page["report"], rows=rows, empty_positions=empty
    )


@roster_editor_required
def lineup(request: HttpRequest, team: Team, preview: bool = False) -> HttpResponse:
    """A select per position; the engine's checks and the team ratings below. Posted, the
    line-up is saved and on to the page again; refused (or ``preview``), the form again (its
    fragment for htmx) with the position errors, the engine's issues and the ratings of what
    is selected."""
    selectors.roster_prefetch(team=team)
    players = list(team.players.all())
    if request.method != "POST":
        saved = selectors.lineup_get(team=team)
        initial = {position: player.pk for position, player in saved.items()}
        form = LineupForm(initial=initial, players=players)
        return _lineup_page(request, "rotzball/lineup.html", team, form, saved)
    form = LineupForm(request.POST, players=players)
    if form.is_valid():
        check = services.lineup_validate if preview else services.lineup_set
        try:
            check(team=team, assignments=form.cleaned_data)  # position -> player id or None
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            if not preview:
                messages.success(request, _("The line-up is saved."))
                return redirect("league:lineup", team.pk)
    by_id = {player.pk: player for player in players}  # the positions without error, rated
    chosen = {position: by_id[pk] for position, pk in form.cleaned_data.items() if pk in by_id}
    template = page_or_fragment(request, "rotzball/lineup.html", "lineup-form")
    return _lineup_page(request, template, team, form, chosen)


@require_POST
def lineup_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """:func:`lineup` checked, nothing saved: htmx posts here on every change."""
    return lineup(request, pk, preview=True)


@roster_editor_required
def match_plan(request: HttpRequest, team: Team) -> HttpResponse:
    form = MatchPlanForm(request.POST or None, initial={"tactic": selectors.tactic_of(team)})

    def save(data: dict) -> tuple[str, str]:
        services.team_set_match_plan(team=team, tactic=data["tactic"])
        return _("The match plan is saved."), reverse("league:plan", args=[team.pk])

    if saved := form_command(request, form, save):
        return saved
    return _coach_page(request, "rotzball/plan.html", team, form=form)
