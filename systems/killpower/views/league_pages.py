"""Killpower Ball league pages: the team page and its printable team sheet (la feuille
d'équipe), a gladiator and his history, the commissioner's team creation, tournament and
results queue, and the coach's raises.

The league page and the team page of a Killpower league come here from
``league.views.public`` (``league_context``, ``team_detail``).
"""

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import prefetch_related_objects
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from core.forms import add_service_errors
from core.htmx import page_or_fragment
from core.page_commands import form_command
from league.forms import colours_initial
from league.models import League, Season, Team
from league.selectors import season_get, team_default_colours
from league.views.access import commissioner_required, roster_editor_required
from league.views.commissioner import form_page
from league.views.renaming import player_rename_page
from systems.killpower import RULE_SYSTEM, roles
from systems.killpower.forms.teams import KillpowerTeamForm, RaiseForm, TournamentForm
from systems.killpower.models import Gladiator
from systems.killpower.selectors import gladiators as selectors
from systems.killpower.selectors import pages as page_selectors
from systems.killpower.services import teams as services
from systems.killpower.services import tournaments


def _killpower_team(pk: int) -> Team:
    """The team with its league, coach and living gladiators; 404 unless Killpower."""
    return get_object_or_404(selectors.killpower_team_list(), pk=pk)


def _gladiator(pk: int, team: Team | None = None) -> Gladiator:
    return get_object_or_404(selectors.gladiator_list(team=team), pk=pk)


def _assert_killpower(league: League) -> None:
    if league.rule_system != RULE_SYSTEM:
        raise Http404


# --- the league page's Killpower part -------------------------------------------------------


def league_context(
    request: HttpRequest, league: League, season: Season | None, teams: Sequence[Team] = ()
) -> dict:
    """What the league page adds for a Killpower league (``league_page_get``)."""
    return page_selectors.league_page_get(
        user=request.user, league=league, season=season, teams=teams
    )


# --- team pages -------------------------------------------------------------------------------


def team_detail(request: HttpRequest, team: Team) -> HttpResponse:
    """A Killpower team page: ranking points, power, division, the seven gladiators, the
    record and the fixtures. ``team`` comes read with its league, coach and ranking points
    (``league.selectors.team_get``): only its living gladiators are read beside it."""
    prefetch_related_objects([team], selectors.living_prefetch())
    can_edit = roles.can_edit_roster(request.user, team)
    context = {
        "team": team,
        "league": team.league,
        "can_edit": can_edit,
        "frozen": page_selectors.team_frozen_reason(team=team) if can_edit else None,
        **page_selectors.team_page_get(team=team, wanted=request.GET.get("season")),
    }
    return render(request, "killpower/team.html", context)


def team_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The printable team sheet (la feuille d'équipe)."""
    team = _killpower_team(pk)
    context = {
        "team": team,
        "league": team.league,
        **page_selectors.team_sheet_page_get(team=team),
    }
    return render(request, "killpower/team_sheet.html", context)


def gladiator_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A gladiator: his characteristics (base, specialization, raises, maximum), equipment,
    experience and his whole history with its rolls."""
    gladiator = _gladiator(pk)
    team = gladiator.team
    can_raise = gladiator.alive and roles.can_raise_gladiator(request.user, gladiator)
    context = {
        "gladiator": gladiator,
        "team": team,
        "league": team.league,
        **page_selectors.gladiator_page_get(gladiator=gladiator),
        "can_raise": can_raise,
        "can_rename": gladiator.alive and roles.can_rename_gladiator(request.user, gladiator),
        "frozen": page_selectors.team_frozen_reason(team=team) if can_raise else None,
    }
    return render(request, "killpower/gladiator.html", context)


def gladiator_rename(request: HttpRequest, pk: int) -> HttpResponse:
    """His team's coach (or the commissioner) gives a living gladiator another name."""
    gladiator = get_object_or_404(selectors.gladiator_list(living=True), pk=pk)
    if not roles.can_rename_gladiator(request.user, gladiator):
        raise PermissionDenied
    return player_rename_page(
        request,
        team=gladiator.team,
        name=gladiator.name,
        rename=lambda name: services.gladiator_rename(gladiator=gladiator, name=name),
    )


@roster_editor_required
def raises(request: HttpRequest, team: Team) -> HttpResponse:
    """The coach raises characteristics with the raises his gladiators' XP allows (10 XP a
    raise, within the race maxima). htmx posts swap the ``raises`` fragment."""
    _assert_killpower(team.league)
    notice = None
    form = RaiseForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        gladiator = _gladiator(form.cleaned_data["gladiator"], team=team)
        characteristic = form.cleaned_data["characteristic"]
        try:
            raised = services.gladiator_raise(gladiator=gladiator, characteristic=characteristic)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            value = selectors.gladiator_sheet(gladiator=raised)["characteristics"][characteristic]
            notice = _("%(name)s raises %(characteristic)s to %(value)s.") % {
                "name": raised.name,
                "characteristic": characteristic,
                "value": value,
            }
            if not request.htmx:
                messages.success(request, notice)
                return redirect("league:kp_raises", team.pk)
            form = RaiseForm()
    team = _killpower_team(team.pk)
    context = {
        "team": team,
        "league": team.league,
        "gladiators": page_selectors.raise_choices(team=team),
        "form": form,
        "notice": notice,
        "frozen": page_selectors.team_frozen_reason(team=team),
    }
    return render(request, page_or_fragment(request, "killpower/raises.html", "raises"), context)


# --- commissioner -----------------------------------------------------------------------------


@commissioner_required
def team_create(request: HttpRequest, league: League) -> HttpResponse:
    """Register a team of seven gladiators; the engine draws armour and power cards."""
    _assert_killpower(league)
    colours = colours_initial(team_default_colours(league=league))
    form = KillpowerTeamForm(request.POST or None, initial=colours)

    def register(data: dict[str, Any]) -> tuple[str, str]:
        team = services.killpower_team_register(
            league=league, gladiators=form.gladiators(), **form.team()
        )
        done = _("%(name)s is registered: its magic armours and power cards are drawn.")
        return done % {"name": team.name}, team.get_absolute_url()

    if registered := form_command(request, form, register):
        return registered
    context = {"league": league, "form": form}
    return render(request, "killpower/team_form.html", context)


@commissioner_required
def tournament_create(request: HttpRequest, league: League) -> HttpResponse:
    """Seed the league's teams into a single-elimination bracket (latest season)."""
    _assert_killpower(league)
    season = season_get(league=league)
    if season is None:
        raise Http404
    form = TournamentForm(request.POST or None)

    def draw(data: dict[str, Any]) -> tuple[str, str]:
        fixtures = tournaments.tournament_create(
            season=season,
            first_kickoff=data["first_kickoff"],
            interval=timedelta(days=data["interval"]),
        )
        done = _("The bracket is drawn: %(count)s match(es) to play in round 1.")
        return done % {"count": len(fixtures)}, league.get_absolute_url()

    if drawn := form_command(request, form, draw):
        return drawn
    intro = _(
        "Season %(season)s: the teams are seeded by ranking points, then power; the top "
        "seeds get the byes, and seeds 1 and 2 can only meet in the final. A draw after 20 "
        "turns goes to free throws."
    )
    return form_page(
        request,
        league,
        form,
        title=_("Draw the tournament bracket"),
        submit=_("Draw the bracket"),
        intro=intro % {"season": season.name},
    )


@commissioner_required
def results_queue(request: HttpRequest, league: League) -> HttpResponse:
    """The league's result reports waiting: disputed first, then those not yet confirmed."""
    _assert_killpower(league)
    context = {
        "league": league,
        **page_selectors.results_queue_get(user=request.user, league=league),
    }
    return render(request, "killpower/queue.html", context)
