"""A battle run on its page, and the game master's commands on it: start, next round,
crucial moment, phase-3 skill, resolve to the end (a worker; the page polls), confirm the
casualties.

Each command posts to its own URL and calls one service. With htmx the page swaps in the
``run`` fragment the command returns (errors inside it); without JavaScript the command
redirects to the run page with a message.
"""

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from battles import engine, roles, services
from battles.display import (
    CASUALTY_MODIFIERS,
    PHASE_NAMES,
    RUN_STATUSES,
    event_line,
    roll_label,
    skill_label,
    terms,
)
from battles.forms import RunStartForm
from battles.models import Battle, BattleRun
from battles.selectors import campaigns as selectors
from battles.views.access import battle_game_master_required, run_game_master_required
from battles.views.cards import modifier_terms

SIDES = engine.SIDES


def _phase(phase: selectors.PhaseView, view: selectors.RunView) -> dict[str, Any]:
    names = view.names
    sides = []
    for side in SIDES:
        setup = phase.sides[side]
        sides.append(
            {
                "side": side,
                "army": names[side],
                "setup": setup,
                "terms": modifier_terms(setup),
                "total": phase.totals[side],
                "percent": phase.progress[side],
                "won": phase.winner == side,
            }
        )
    moment = phase.crucial_moment
    return {
        "number": phase.number,
        "name": PHASE_NAMES[phase.number],
        "state": phase.state,
        "skill": skill_label(phase.skill) if phase.skill else "",
        "chosen_by": names.get(phase.skill_chosen_by or ""),
        "sides": sides,
        "rounds": phase.rounds,
        "winner": names.get(phase.winner or ""),
        "moment": moment,
        "moment_winner": names.get(moment["winner"]) if isinstance(moment, dict) else None,
        "lines": [event_line(event, names) for event in phase.events],
    }


def _casualties(view: selectors.RunView) -> list[dict[str, Any]]:
    if view.casualties is None:
        return []
    rows = []
    for side in SIDES:
        losses = view.casualties[side]
        rows.append(
            {
                "side": side,
                "army": view.names[side],
                "army_obj": getattr(view.battle, side),
                "losses": losses,
                "terms": terms(view.casualty_modifiers.get(side, []), CASUALTY_MODIFIERS),
            }
        )
    return rows


def run_context(request: HttpRequest, view: selectors.RunView, *, error: str = "") -> dict:
    run = view.run
    is_gm = roles.can_run_battle(request.user, view.battle)
    resolving = bool(run.resolve_requested_at) and not view.finished
    pending = view.pending
    choices = []
    if pending is not None:
        choices = [
            {
                "value": choice,
                "label": view.names[choice] if choice in view.names else skill_label(choice),
            }
            for choice in pending.choices
        ]
    return {
        "run": run,
        "view": view,
        "battle": view.battle,
        "campaign": view.battle.campaign,
        "names": view.names,
        "phases": [_phase(phase, view) for phase in view.phases],
        "current": next((p.number for p in view.phases if p.state == "under_way"), None),
        "pending": pending,
        "choices": choices,
        "chance": None
        if pending is None or pending.attacker_chance is None
        else round(100 * pending.attacker_chance),
        "winner_name": view.names.get(view.winner or ""),
        "status_label": RUN_STATUSES.get(view.status, view.status),
        "chooser": view.names.get(pending.chooser or "") if pending else None,
        "casualties": _casualties(view),
        "rolls": [
            {**roll, "label": roll_label(roll["purpose"], view.names)} for roll in view.rolls
        ],
        "is_game_master": is_gm,
        "resolving": resolving,
        "poll": not view.finished and (resolving or not is_gm),
        "error": error,
    }


def _answer(request: HttpRequest, run: BattleRun, call, *, success: str = "") -> HttpResponse:
    """Run a command; answer the ``run`` fragment (htmx) or redirect to the run page."""
    error = ""
    try:
        call()
    except ValidationError as exc:
        error = " ".join(exc.messages)
    if request.htmx:
        view = selectors.run_view(run_id=run.pk)
        return render(request, "battles/run.html#run", run_context(request, view, error=error))
    if error:
        messages.error(request, error)
    elif success:
        messages.success(request, success)
    return redirect("battles:run", run.pk)


@require_POST
@battle_game_master_required
def run_start(request: HttpRequest, battle: Battle) -> HttpResponse:
    form = RunStartForm(request.POST)
    seed = form.cleaned_data.get("seed") if form.is_valid() else None
    if not form.is_valid():
        messages.error(request, " ".join(m for ms in form.errors.values() for m in ms))
        return redirect("battles:battle", battle.pk)
    try:
        run = services.run_start(battle=battle, user=request.user, seed=seed)
    except ValidationError as error:
        messages.error(
            request, _("The battle cannot start: %(errors)s") % {"errors": " ".join(error.messages)}
        )
        return redirect("battles:battle", battle.pk)
    return redirect("battles:run", run.pk)  # the run page says how to play it while it starts


@require_POST
@run_game_master_required
def run_step(request: HttpRequest, run: BattleRun) -> HttpResponse:
    return _answer(request, run, lambda: services.run_step(run_id=run.pk, user=request.user))


@require_POST
@run_game_master_required
def run_decide(request: HttpRequest, run: BattleRun) -> HttpResponse:
    """The game master records who won the crucial moment (or drops it)."""
    winner = request.POST.get("winner", "")
    if winner == "skip":
        return _answer(
            request, run, lambda: services.run_skip_crucial_moment(run_id=run.pk, user=request.user)
        )
    return _answer(
        request,
        run,
        lambda: services.run_decide_crucial_moment(run_id=run.pk, user=request.user, winner=winner),
    )


@require_POST
@run_game_master_required
def run_skill(request: HttpRequest, run: BattleRun) -> HttpResponse:
    skill = request.POST.get("skill", "")
    return _answer(
        request,
        run,
        lambda: services.run_choose_phase3_skill(run_id=run.pk, user=request.user, skill=skill),
    )


@require_POST
@run_game_master_required
def run_resolve(request: HttpRequest, run: BattleRun) -> HttpResponse:
    """A worker plays the run to the end (pending decisions drawn by their chance); the page
    polls until it is over."""
    return _answer(
        request, run, lambda: services.run_resolve_request(run_id=run.pk, user=request.user)
    )


@require_POST
@run_game_master_required
def casualties_confirm(request: HttpRequest, run: BattleRun) -> HttpResponse:
    return _answer(
        request,
        run,
        lambda: services.casualties_confirm(run_id=run.pk, user=request.user),
        success=_("The casualties are confirmed: the armies' head counts are reduced."),
    )
