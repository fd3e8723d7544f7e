"""Mythril team pages: the team page (roster, treasury, hires, level-ups, team bets), the
roster builder with its live check, the printable team sheet, the league's roster data and its
import, the commissioner's view of a matchday's bets.

Every write calls one service; a ``Refused`` shows its message (the rule's words) and changes
nothing.
"""

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.page_commands import command_redirect, form_command
from core.refusals import Refused
from league.models import League, Season, Team
from league.roles import can_edit_roster, is_commissioner
from league.selectors import season_with_league
from league.views.renaming import player_rename_page
from matches.selectors import fixture_list
from systems.mythril import selectors
from systems.mythril.forms import DraftForm, RosterImportForm
from systems.mythril.selectors import settings_of
from systems.mythril.services import level_ups, roster, roster_import, team_bets, teams
from systems.mythril.standings import standings_table


def _league(pk: int) -> League:
    return get_object_or_404(selectors.league_list(), pk=pk)


def _team(pk: int) -> Team:
    return get_object_or_404(selectors.team_list(), pk=pk)


def _refused_verdict(exc: Refused) -> dict[str, Any]:
    """A refusal shown where the engine's verdict would be: the rule's code and words."""
    return {"ok": False, "cost": None, "errors": [{"rule": exc.code, "message": exc.message}]}


def league_context(
    request: HttpRequest, league: League, season: Season | None, teams: Sequence[Team] = ()
) -> dict:
    """The league page's Mythril tools: build a team, the roster data, the standings."""
    return {
        "game_tools_template": "mythril/league_tools.html",
        "standings_template": "mythril/standings.html",
        "mythril_standings": standings_table(season=season) if season else [],
        "mythril_trophies": selectors.season_trophies(season=season) if season else [],
        "mythril_teams": selectors.league_teams(league=league),
    }


def team_detail(request: HttpRequest, team: Team) -> HttpResponse:
    team = _team(team.pk)
    if selectors.profile_of(team) is None:
        raise Http404
    context = selectors.team_page(
        team, can_edit=can_edit_roster(request.user, team), wanted=request.GET.get("season")
    )
    return render(request, "mythril/team.html", context)


def team_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    team = _team(pk)
    context = {"team": team, "league": team.league, "sheet": selectors.team_sheet(team)}
    return render(request, "mythril/team_sheet.html", context)


@login_required
def team_create(request: HttpRequest, pk: int) -> HttpResponse:
    """The roster builder: any signed-in user builds a team he coaches (the commissioner too);
    every change asks the engine over htmx (``team_check``)."""
    league = _league(pk)
    race = request.GET.get("team_list")
    form = DraftForm(request.POST or None, league=league, race=race)

    def register(data: dict[str, Any]) -> tuple[str, str]:
        draft = form.draft()
        team = teams.mythril_team_register(
            league=league, name=data["name"], coach=request.user, **draft
        )
        return _("%(name)s is registered.") % {"name": team.name}, team.get_absolute_url()

    if registered := form_command(request, form, register):
        return registered
    verdict = _verdict(league, form) if form.team_list else None
    budget = settings_of(league).starting_gold
    context = {"league": league, "form": form, "verdict": verdict, "budget": budget}
    return render(request, "mythril/team_create.html", context)


def _verdict(league: League, form: DraftForm) -> dict[str, Any] | None:
    if not form.is_bound:
        return None
    form.is_valid()
    try:
        return teams.draft_check(league=league, **form.draft())
    except Refused as exc:
        return _refused_verdict(exc)


@require_POST
def team_check(request: HttpRequest, pk: int) -> HttpResponse:
    """The live check of the roster builder (htmx): the engine's verdict on the draft."""
    league = _league(pk)
    form = DraftForm(request.POST, league=league)
    context = {"verdict": _verdict(league, form), "budget": settings_of(league).starting_gold}
    return render(request, "mythril/draft_verdict.html", context)


@require_POST
@login_required
def team_hire(request: HttpRequest, pk: int) -> HttpResponse:
    team = _team(pk)
    kind, race, name = (request.POST.get("choice", "") + "||").split("|")[:3]
    hired = {kind: name} if kind in ("position", "champion") else {}  # neither: refused
    inputs = {"team": team, "race": race, "name": request.POST.get("name", "").strip(), **hired}

    def done(player: Any) -> str:
        return _("%(name)s is hired.") % {"name": player.name}

    return command_redirect(request, team.get_absolute_url(), done, teams.player_hire, **inputs)


@require_POST
@login_required
def player_fire(request: HttpRequest, pk: int) -> HttpResponse:
    player = get_object_or_404(selectors.player_list(), pk=pk)
    done = _("%(name)s is fired.") % {"name": player.name}
    back = player.team.get_absolute_url()
    return command_redirect(request, back, done, teams.player_fire, player=player)


@login_required
def player_rename(request: HttpRequest, pk: int) -> HttpResponse:
    """The team's coach (or the commissioner) gives a player on the roster another name."""
    player = get_object_or_404(selectors.player_list(), pk=pk, status__in=teams.ON_ROSTER)
    if not can_edit_roster(request.user, player.team):
        raise PermissionDenied
    return player_rename_page(
        request,
        team=player.team,
        name=player.name,
        rename=lambda name: teams.player_rename(player=player, user=request.user, name=name),
    )


@require_POST
@login_required
def team_apothecary(request: HttpRequest, pk: int) -> HttpResponse:
    team = _team(pk)
    back, done = team.get_absolute_url(), _("The apothecary is hired.")
    return command_redirect(request, back, done, teams.apothecary_hire, team=team)


@require_POST
def team_lineup(request: HttpRequest, pk: int) -> HttpResponse:
    """The line-up check (htmx): the engine's rules over the players ticked."""
    team = _team(pk)
    ids = [int(v) for v in request.POST.getlist("players") if v.isdigit()]
    try:
        verdict = teams.lineup_check(team=team, player_ids=ids)
    except Refused as exc:
        verdict = _refused_verdict(exc)
    return render(request, "mythril/lineup_verdict.html", {"verdict": verdict, "count": len(ids)})


@require_POST
@login_required
def level_up_choose(request: HttpRequest, pk: int) -> HttpResponse:
    level_up = get_object_or_404(selectors.level_up_list(), pk=pk)
    kind, value, skill = (request.POST.get("choice", "") + "||").split("|")[:3]
    done = _("%(name)s's level-up is taken.") % {"name": level_up.player.name}
    back = level_up.player.team.get_absolute_url()
    inputs = {"kind": kind, "value": value, "skill": skill or request.POST.get("skill", "")}
    return command_redirect(
        request, back, done, level_ups.level_up_choose, level_up=level_up, **inputs
    )


@require_POST
@login_required
def matchday_enter(request: HttpRequest, pk: int) -> HttpResponse:
    team = _team(pk)
    season = get_object_or_404(season_with_league(), pk=request.POST.get("season") or 0)
    round = int(request.POST.get("round") or 0)
    done, back = _("Matchday entry paid."), team.get_absolute_url() + "#bets"
    return command_redirect(
        request, back, done, team_bets.matchday_enter, team=team, season=season, round=round
    )


@require_POST
@login_required
def team_bet(request: HttpRequest, pk: int) -> HttpResponse:
    team = _team(pk)
    fixture = get_object_or_404(fixture_list(), pk=request.POST.get("fixture") or 0)
    outcome = request.POST.get("outcome", "")
    done, back = _("Bet taken."), team.get_absolute_url() + "#bets"
    return command_redirect(
        request, back, done, team_bets.team_bet_place, team=team, fixture=fixture, outcome=outcome
    )


def matchday_bets(request: HttpRequest, pk: int, round: int) -> HttpResponse:
    """The commissioner sees a matchday's team bets."""
    season = get_object_or_404(selectors.season_list(), pk=pk)
    if not is_commissioner(request.user, season.league):
        raise Http404
    bets = selectors.matchday_bets(season=season, round=round)
    entries = selectors.matchday_entries(season=season, round=round)
    context = {"league": season.league, "round": round, "bets": bets, "entries": entries}
    return render(request, "mythril/matchday_bets.html", context)


def roster_data(request: HttpRequest, pk: int) -> HttpResponse:
    """The league's roster data; the commissioner imports a JSON or YAML file."""
    league = _league(pk)
    form = RosterImportForm(request.POST or None, request.FILES or None)
    commissioner = is_commissioner(request.user, league)
    if request.method == "POST" and not commissioner:
        raise Http404

    def store(data: dict[str, Any]) -> tuple[str, str]:
        upload = data["file"]
        text = roster_import.read_upload(upload)
        roster.roster_data_import(league=league, user=request.user, filename=upload.name, text=text)
        return _("The roster data is imported."), reverse("league:my_roster_data", args=[league.pk])

    if imported := form_command(request, form, store):
        return imported
    context = {
        "league": league,
        "form": form,
        "is_commissioner": commissioner,
        "lists": selectors.roster_lists(league=league),
        "champions": selectors.league_champions(league=league),
        "data": roster.roster_data_export(league=league),
    }
    return render(request, "mythril/roster_data.html", context)
