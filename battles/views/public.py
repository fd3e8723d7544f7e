"""Pages anyone may read: campaigns, an army and its printable battle card, a battle, a run.
The odds need a signed-in user (they cost a few thousand simulated battles)."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from battles import engine, roles, services
from battles.display import (
    ARMY_FIELDS,
    CASUALTY_MODES,
    EVENT_KINDS,
    MOMENT_MODES,
    PHASE3_POLICIES,
    issue_text,
)
from battles.forms import RunStartForm
from battles.models import Army, Battle, BattleRun, Campaign
from battles.selectors import campaigns as selectors
from battles.selectors import pages as page_selectors
from battles.views.cards import card_context, phase_rows
from battles.views.runs import run_context
from core.htmx import page_or_fragment
from core.page_limits import expensive_page

ODDS_N = 20_000


def campaign_list(request: HttpRequest) -> HttpResponse:
    campaigns = list(selectors.campaign_list())
    mine = set()
    if request.user.is_authenticated:
        mine = {
            c.pk
            for c in campaigns
            if c.game_master_id == request.user.pk
            or any(p.pk == request.user.pk for p in c.players.all())
        }
    return render(request, "battles/list.html", {"campaigns": campaigns, "mine": mine})


def campaign_detail(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        page = page_selectors.campaign_page(campaign_id=pk)
    except Campaign.DoesNotExist:
        raise Http404 from None
    campaign, user = page.campaign, request.user
    tables = engine.tables_for(campaign)
    is_gm = roles.is_game_master(user, campaign)
    is_player = user.is_authenticated and any(p.pk == user.pk for p in page.players)
    rows = [
        {
            "army": row.army,
            "card": card_context(row.card, tables=tables),
            "editable": roles.can_edit_army(user, row.army),
        }
        for row in page.armies
    ]
    context = {
        "campaign": campaign,
        "players": page.players,
        "player_names": ", ".join(p.get_full_name() or p.username for p in page.players),
        "armies": rows,
        "battles": page.battles,
        "statistics": page.statistics,
        "is_game_master": is_gm,
        "is_player": is_player,
    }
    return render(request, "battles/campaign.html", context)


def army_detail(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        page = page_selectors.army_page(army_id=pk)
    except Army.DoesNotExist:
        raise Http404 from None
    army = page.army
    for event in page.history:
        changes = (event.detail or {}).get("changes") or {}
        event.changed = [str(ARMY_FIELDS.get(field, field)) for field in changes]
        event.kind_label = EVENT_KINDS.get(event.kind, event.kind)
    context = {
        "army": army,
        "campaign": army.campaign,
        "card": card_context(page.card),
        "history": page.history,
        "battles": page.battles,
        "can_edit": roles.can_edit_army(request.user, army),
        "is_game_master": roles.is_game_master(request.user, army.campaign),
        "wounded": sum(troop.wounded for troop in army.troops.all()),
    }
    return render(request, "battles/army.html", context)


def army_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """The army's "Carte de Bataille", laid out as the rule text draws it, for printing."""
    try:
        army = selectors.army_list().get(pk=pk)
    except Army.DoesNotExist:
        raise Http404 from None
    card = selectors.army_card(army=army)
    context = {"army": army, "campaign": army.campaign, "card": card_context(card)}
    return render(request, "battles/sheet.html", context)


def battle_detail(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        detail = selectors.battle_detail(battle_id=pk)
    except Battle.DoesNotExist:
        raise Http404 from None
    battle = detail.battle
    tables = engine.tables_for(battle.campaign)
    fought = next((run for run in detail.runs if run.status == BattleRun.Status.FINISHED), None)
    names = {side: getattr(battle, side).name for side in engine.SIDES}
    if fought is not None:  # the armies as they fought, whatever they are called today
        names = {side: fought.state["battle"][side]["name"] for side in engine.SIDES}
    options = battle.options or {}
    moments = [
        {"phase": phase, "chance": round(100 * (plan or {}).get("attacker_chance", 0.5))}
        for phase, plan in sorted((battle.crucial_moments or {}).items())
    ]
    deployment = [
        _("%(army)s, phase %(phase)s: %(count)s engaged")
        % {"army": names.get(side, side), "phase": phase, "count": count}
        for side, phases in (battle.deployment or {}).items()
        for phase, count in sorted(phases.items())
    ]
    context = {
        "battle": battle,
        "campaign": battle.campaign,
        "detail": detail,
        "names": names,
        "fought": fought,
        "cards": {side: card_context(detail.cards[side], tables=tables) for side in engine.SIDES},
        "phases": phase_rows(detail),
        "errors": [(names.get(side, ""), issue_text(issue)) for side, issue in detail.issues],
        "moments": moments,
        "moments_mode": MOMENT_MODES.get(options.get("moments", "chance")),
        "phase3_policy": PHASE3_POLICIES.get(options.get("phase3_skill", "auto")),
        "casualty_mode": CASUALTY_MODES.get(options.get("casualties", "off")),
        "deployment": deployment,
        "is_game_master": roles.can_run_battle(request.user, battle),
        "start_form": RunStartForm(),
    }
    return render(request, "battles/battle.html", context)


def _shares(odds: dict) -> dict:
    """The engine's odds (shares of 1) as percentages to one decimal, each pair of sides
    adding up to exactly 100 (the defender's is what the attacker's leaves)."""

    def percent(share: float) -> float:
        return round(100 * share, 1)

    def pair(share: float) -> tuple[float, float]:
        attacker = percent(share)
        return attacker, round(100 - attacker, 1)

    attacker, defender = pair(odds["attacker_win"])
    phases = []
    for phase in (1, 2, 3):
        phase_attacker, phase_defender = pair(odds["phase_win"][str(phase)])
        phases.append({"number": phase, "attacker": phase_attacker, "defender": phase_defender})
    return {
        "attacker": attacker,
        "defender": defender,
        "crushing_attacker": percent(odds["crushing"]["attacker"]),
        "crushing_defender": percent(odds["crushing"]["defender"]),
        "phases": phases,
    }


@login_required
@expensive_page
def battle_odds(request: HttpRequest, pk: int) -> HttpResponse:
    """The engine's estimate of the battle's outcome as the cards stand now; the battle page
    loads this fragment when it opens (a plain link without JavaScript)."""
    battle = get_object_or_404(page_selectors.battle_rows(), pk=pk)
    context = {"battle": battle, "campaign": battle.campaign, "n": ODDS_N}
    try:
        odds = services.battle_odds(battle=battle, n=ODDS_N)
    except ValidationError as error:
        context["odds_error"] = " ".join(issue_text(m) for m in error.messages)
    else:
        context["shares"] = _shares(odds)
    template = page_or_fragment(request, "battles/odds.html", "odds")
    return render(request, template, context)


def run_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """A run: each phase's totals against SR, the dice, the prompt, the report. htmx polls
    the ``run`` fragment while a worker resolves it, or while others watch the game master;
    ``?since=<version>`` answers 204 (nothing to swap) while the run has not moved."""
    since = request.GET.get("since", "")
    if request.htmx and since.isdigit():
        version = page_selectors.run_version(run_id=pk)
        if version == int(since):
            return HttpResponse(status=204)
    try:
        view = selectors.run_view(run_id=pk)
    except BattleRun.DoesNotExist:
        raise Http404 from None
    template = page_or_fragment(request, "battles/run.html", "run")
    return render(request, template, run_context(request, view))
