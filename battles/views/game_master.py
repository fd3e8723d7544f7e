"""Setting up a campaign: start one (any signed-in user, who becomes its game master), add
players, raise armies (the game master, or a player for themself), plan battles and put the
wounded back in the ranks (the game master)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from battles import engine, roles, services
from battles.forms import ArmyCreateForm, BattleForm, CampaignForm, PlayerAddForm
from battles.models import Army, Battle, Campaign
from battles.views.access import (
    army_game_master_required,
    battle_game_master_required,
    campaign_member_required,
    game_master_required,
)
from core.forms import add_service_errors


def _form_page(
    request,
    campaign: Campaign | None,
    form,
    *,
    title: str,
    submit: str,
    intro: str = "",
    cancel: str = "",
    extra: dict | None = None,
    template: str = "battles/form.html",
) -> HttpResponse:
    context = {
        "campaign": campaign,
        "form": form,
        "title": title,
        "submit": submit,
        "intro": intro,
        "cancel": cancel
        or (
            reverse("battles:campaign", args=[campaign.pk])
            if campaign
            else reverse("battles:campaign_list")
        ),
    }
    return render(request, template, context | (extra or {}))


@login_required
def campaign_create(request: HttpRequest) -> HttpResponse:
    form = CampaignForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            campaign = services.campaign_create(game_master=request.user, **form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(
                request,
                _("%(name)s is created. Add its players and armies next.")
                % {"name": campaign.name},
            )
            return redirect("battles:campaign", campaign.pk)
    return _form_page(
        request,
        None,
        form,
        title=_("New campaign"),
        submit=_("Create the campaign"),
        intro=_(
            "You will be its game master: you add the players, plan the "
            "battles, run them and decide their crucial moments."
        ),
    )


@game_master_required
def campaign_edit(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    initial = {"name": campaign.name, "description": campaign.description}
    form = CampaignForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.campaign_update(campaign=campaign, user=request.user, **form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("The campaign is saved."))
            return redirect("battles:campaign", campaign.pk)
    return _form_page(request, campaign, form, title=_("Campaign settings"), submit=_("Save"))


@game_master_required
def player_add(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    form = PlayerAddForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        player = form.cleaned_data["player"]
        try:
            services.campaign_add_player(campaign=campaign, user=request.user, player=player)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(
                request, _("%(name)s plays in the campaign.") % {"name": player.username}
            )
            return redirect("battles:campaign", campaign.pk)
    return _form_page(
        request,
        campaign,
        form,
        title=_("Add a player"),
        submit=_("Add"),
        intro=_("A player keeps their own armies' battle cards."),
    )


@campaign_member_required
def army_create(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    """The game master raises any army (an NPC one, or a player's); a player their own."""
    is_gm = roles.is_game_master(request.user, campaign)
    tables = engine.tables_for(campaign)
    form = ArmyCreateForm(request.POST or None, campaign=campaign, game_master=is_gm, tables=tables)
    if request.method == "POST" and form.is_valid():
        owner = form.cleaned_data.get("owner") if is_gm else request.user
        try:
            army = services.army_create(
                campaign=campaign,
                user=request.user,
                owner=owner,
                name=form.cleaned_data["name"],
                commander=form.commander(),
            )
        except ValidationError as error:
            add_service_errors(form, error)
            for field, found in getattr(error, "error_dict", {}).items():
                if field.startswith("commander."):
                    form.add_error(None, found)
        else:
            messages.success(
                request,
                _("%(name)s is raised. Add its troops to the battle card.") % {"name": army.name},
            )
            return redirect("battles:army_edit", army.pk)
    return _form_page(
        request,
        campaign,
        form,
        title=_("New army"),
        submit=_("Raise the army"),
        intro=_(
            "Name the army and its commander; the battle card editor comes next, for the troops."
        ),
    )


def _battle_page(request, campaign: Campaign, form: BattleForm, *, battle: Battle | None):
    title = _("Edit %(name)s") % {"name": battle.name} if battle else _("Plan a battle")
    cancel = (
        reverse("battles:battle", args=[battle.pk])
        if battle
        else reverse("battles:campaign", args=[campaign.pk])
    )
    return _form_page(
        request,
        campaign,
        form,
        title=title,
        submit=_("Save the battle") if battle else _("Plan the battle"),
        cancel=cancel,
        template="battles/battle_form.html",
        extra={"battle": battle},
    )


@game_master_required
def battle_create(request: HttpRequest, campaign: Campaign) -> HttpResponse:
    form = BattleForm(request.POST or None, campaign=campaign)
    if request.method == "POST" and form.is_valid():
        try:
            battle = services.battle_create(campaign=campaign, user=request.user, **form.settings())
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("%(name)s is planned.") % {"name": battle.name})
            return redirect("battles:battle", battle.pk)
    return _battle_page(request, campaign, form, battle=None)


@battle_game_master_required
def battle_edit(request: HttpRequest, battle: Battle) -> HttpResponse:
    campaign = battle.campaign
    form = BattleForm(
        request.POST or None, campaign=campaign, initial=BattleForm.initial_for(battle)
    )
    if request.method == "POST" and form.is_valid():
        settings = form.settings()
        if battle.runs.exists():  # a fought battle keeps its armies (the service says why)
            for side in ("attacker", "defender"):
                if settings[side] == getattr(battle, side):
                    settings.pop(side)
        try:
            services.battle_update(battle=battle, user=request.user, **settings)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("The battle is saved."))
            return redirect("battles:battle", battle.pk)
    return _battle_page(request, campaign, form, battle=battle)


@require_POST
@army_game_master_required
def army_recover(request: HttpRequest, army: Army) -> HttpResponse:
    try:
        services.army_recover_wounded(army=army, user=request.user)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(
            request, _("The wounded of %(army)s are back in the ranks.") % {"army": army.name}
        )
    return redirect("battles:army", army.pk)
