"""Write-side operations on campaigns, armies (battle cards), troops and battles.

Keyword-only; the acting ``user`` is checked against :mod:`battles.roles` (``PermissionDenied``,
which the API answers 403); what the user can fix raises ``ValidationError`` with field
messages. Every refusal changes nothing. Card edits lock their army row, so an edit lands
whole before or after a run's snapshot, and write a line of the army's history.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from battles import engine, locking, roles
from battles.models import Army, ArmyEvent, Battle, Campaign, Troop
from core.refusals import Refused

CAMPAIGN_FIELDS = ("name", "description", "house_rules")
ARMY_FIELDS = ("name", "commander", "seconds", "works", "owner")
TROOP_FIELDS = ("name", "dc", "count", "wounded", "phase", "order")
BATTLE_FIELDS = (
    "name",
    "attacker",
    "defender",
    "circumstances",
    "crucial_moments",
    "options",
    "deployment",
)

Actor = User | AnonymousUser | None


def require(allowed: bool, message: str | None = None) -> None:
    if not allowed:
        raise PermissionDenied(message or _("You may not do this in this campaign."))


def _unknown(changes: Mapping[str, Any], known: Sequence[str]) -> None:
    unknown = sorted(set(changes) - set(known))
    if unknown:
        raise ValidationError(
            {field: [_("This field cannot be changed here.")] for field in unknown}
        )


def _prefixed(error: ValidationError, prefix: str) -> ValidationError:
    return ValidationError(
        {f"{prefix}.{field}": messages for field, messages in error.message_dict.items()}
    )


def _event(army: Army, kind: str, user: Actor, detail: dict[str, Any], run: Any = None) -> None:
    ArmyEvent.objects.create(
        army=army,
        kind=kind,
        user=user if isinstance(user, User) else None,
        run=run,
        detail=detail,
    )


def _head_count(troop: Troop, before: int, after: int) -> dict[str, Any]:
    return {"troop": troop.pk, "name": troop.name, "before": before, "after": after}


# --- campaigns ------------------------------------------------------------------------------


@transaction.atomic
def campaign_create(
    *,
    game_master: User,
    name: str,
    description: str = "",
    house_rules: Mapping[str, Any] | None = None,
) -> Campaign:
    """A new campaign run by ``game_master`` (any signed-in user may start one)."""
    engine.parse_house_rules(house_rules or {})
    campaign = Campaign(
        game_master=game_master,
        name=name,
        description=description,
        house_rules=dict(house_rules or {}),
    )
    campaign.full_clean()
    campaign.save()
    return campaign


@transaction.atomic
def campaign_update(*, campaign: Campaign, user: Actor, **changes: Any) -> Campaign:
    """Change a campaign's name, description or house rules (its game master)."""
    require(roles.can_manage_campaign(user, campaign))
    _unknown(changes, CAMPAIGN_FIELDS)
    if "house_rules" in changes:
        engine.parse_house_rules(changes["house_rules"])
    fresh = Campaign.objects.select_for_update().get(pk=campaign.pk)
    for field, value in changes.items():
        setattr(fresh, field, value)
    fresh.full_clean()
    fresh.save()
    return fresh


@transaction.atomic
def campaign_add_player(*, campaign: Campaign, user: Actor, player: User) -> Campaign:
    """Add ``player`` to the campaign (its game master). Adding a player twice is harmless."""
    require(roles.can_manage_campaign(user, campaign))
    if player.pk == campaign.game_master_id:
        raise Refused(
            "game_master_is_player", _("The game master runs the campaign already."), field="player"
        )
    campaign.players.add(player)
    return campaign


# --- armies -------------------------------------------------------------------------------


def _check_army_name(campaign: Campaign, name: str, army: Army | None = None) -> None:
    taken = Army.objects.filter(campaign=campaign, name=name)
    if army is not None:
        taken = taken.exclude(pk=army.pk)
    if taken.exists():
        raise Refused(
            "army_name_taken", _("This campaign already has an army of that name."), field="name"
        )


def _check_owner(campaign: Campaign, owner: User | None) -> None:
    if owner is not None and not campaign.players.filter(pk=owner.pk).exists():
        raise Refused(
            "owner_not_player", _("The owner must be a player of the campaign."), field="owner"
        )


@transaction.atomic
def army_create(
    *,
    campaign: Campaign,
    user: Actor,
    name: str,
    commander: Mapping[str, Any],
    owner: User | None = None,
    seconds: Mapping[str, Any] | None = None,
    works: Mapping[str, Any] | None = None,
    troops: Sequence[Mapping[str, Any]] = (),
) -> Army:
    """A new army (battle card) in ``campaign``, with its first troops.

    The game master creates any army (``owner`` None: an NPC army they hold); a player
    creates their own. The commander, seconds and works must be readable by the engine
    (``commander.tactics``...); what the card judges (specialists, minimum groups) is
    shown by ``selectors.army_card``, never refused here.
    """
    require(roles.can_create_army(user, campaign, owner))
    _check_owner(campaign, owner)
    _check_army_name(campaign, name)
    engine.check_army_settings(
        name=name,
        commander=commander,
        seconds=seconds,
        works=works,
        tables=engine.tables_for(campaign),
    )
    army = Army(
        campaign=campaign,
        owner=owner,
        name=name,
        commander=dict(commander),
        seconds=dict(seconds or {}),
        works=dict(works or {}),
    )
    army.full_clean()
    army.save()
    created = []
    for index, fields in enumerate(troops):
        try:
            troop = _troop_build(army, **{"order": index, **fields})
        except ValidationError as error:
            raise _prefixed(error, f"troops.{index}") from None
        created.append(troop)
    _event(
        army,
        ArmyEvent.Kind.CREATED,
        user,
        {"troops": [_head_count(troop, 0, troop.count) for troop in created]},
    )
    return army


@transaction.atomic
def army_update(*, army: Army, user: Actor, **changes: Any) -> Army:
    """Change an army's name, commander, seconds-in-command or works (its owner or the game
    master); only the game master gives it to another player (``owner``)."""
    require(roles.can_edit_army(user, army))
    _unknown(changes, ARMY_FIELDS)
    if "owner" in changes:
        require(
            roles.is_game_master(user, army.campaign),
            _("Only the game master gives an army to a player."),
        )
    locking.lock_armies([army.pk])
    fresh = Army.objects.select_related("campaign").get(pk=army.pk)
    if "owner" in changes:
        _check_owner(fresh.campaign, changes["owner"])
    if "name" in changes:
        _check_army_name(fresh.campaign, changes["name"], fresh)
    merged = {field: changes.get(field, getattr(fresh, field)) for field in ARMY_FIELDS}
    engine.check_army_settings(
        name=merged["name"],
        commander=merged["commander"],
        seconds=merged["seconds"] or None,
        works=merged["works"] or None,
        tables=engine.tables_for(fresh.campaign),
    )
    detail = {}
    for field, value in changes.items():
        before = getattr(fresh, field)
        if field == "owner":
            detail[field] = {
                "before": getattr(before, "username", None),
                "after": getattr(value, "username", None),
            }
        elif before != value:
            detail[field] = {"before": before, "after": value}
        setattr(fresh, field, value if value is not None or field == "owner" else {})
    fresh.full_clean()
    fresh.save()
    if detail:
        _event(fresh, ArmyEvent.Kind.EDITED, user, {"changes": detail})
    return fresh


# --- troops -------------------------------------------------------------------------------


def _check_troop_name(army: Army, name: str, troop: Troop | None = None) -> None:
    taken = Troop.objects.filter(army=army, name=name)
    if troop is not None:
        taken = taken.exclude(pk=troop.pk)
    if taken.exists():
        raise Refused(
            "troop_name_taken",
            _("This army already has a troop of that name: a troop is one line."),
            field="name",
        )


def _troop_build(army: Army, **fields: Any) -> Troop:
    _unknown(fields, TROOP_FIELDS)
    if fields.get("order") is None:
        top = army.troops.aggregate(top=Max("order"))["top"]
        fields["order"] = 0 if top is None else top + 1
    troop = Troop(army=army, **fields)
    troop.full_clean(validate_constraints=False)
    _check_troop_name(army, troop.name)
    troop.save()
    return troop


@transaction.atomic
def troop_add(
    *,
    army: Army,
    user: Actor,
    name: str,
    dc: int,
    count: int,
    phase: int | None = None,
    order: int | None = None,
) -> Troop:
    """Add a line to an army's card (its owner or the game master)."""
    require(roles.can_edit_army(user, army))
    locking.lock_armies([army.pk])
    troop = _troop_build(army, name=name, dc=dc, count=count, phase=phase, order=order)
    _event(army, ArmyEvent.Kind.TROOP_ADDED, user, {"troops": [_head_count(troop, 0, troop.count)]})
    return troop


@transaction.atomic
def troop_update(*, troop: Troop, user: Actor, **changes: Any) -> Troop:
    """Change a line of an army's card: name, DC, head count, wounded, phase, order."""
    army = troop.army
    require(roles.can_edit_army(user, army))
    _unknown(changes, TROOP_FIELDS)
    locking.lock_armies([army.pk])
    fresh = Troop.objects.get(pk=troop.pk)
    before = {field: getattr(fresh, field) for field in TROOP_FIELDS}
    for field, value in changes.items():
        setattr(fresh, field, value)
    fresh.full_clean(validate_constraints=False)
    if "name" in changes:
        _check_troop_name(army, fresh.name, fresh)
    fresh.save()
    changed = {
        field: {"before": before[field], "after": getattr(fresh, field)}
        for field in TROOP_FIELDS
        if before[field] != getattr(fresh, field)
    }
    if changed:
        _event(
            army,
            ArmyEvent.Kind.TROOP_CHANGED,
            user,
            {"troops": [_head_count(fresh, before["count"], fresh.count)], "changes": changed},
        )
    return fresh


@transaction.atomic
def troop_delete(*, troop: Troop, user: Actor) -> None:
    """Remove a line from an army's card (its owner or the game master)."""
    army = troop.army
    require(roles.can_edit_army(user, army))
    locking.lock_armies([army.pk])
    fresh = Troop.objects.get(pk=troop.pk)
    _event(
        army,
        ArmyEvent.Kind.TROOP_REMOVED,
        user,
        {"troops": [_head_count(fresh, fresh.count, 0)], "wounded": fresh.wounded},
    )
    fresh.delete()


@transaction.atomic
def army_recover_wounded(*, army: Army, user: Actor) -> Army:
    """The game master puts an army's wounded back in the ranks (their head counts)."""
    require(roles.is_game_master(user, army.campaign))
    locking.lock_armies([army.pk])
    lines = []
    for troop in Troop.objects.filter(army=army, wounded__gt=0).order_by("order", "pk"):
        before = troop.count
        troop.count, troop.wounded = troop.count + troop.wounded, 0
        troop.save(update_fields=["count", "wounded"])
        lines.append(_head_count(troop, before, troop.count))
    if lines:
        _event(army, ArmyEvent.Kind.RECOVERED, user, {"troops": lines})
    return army


# --- battles ------------------------------------------------------------------------------


def _check_armies(campaign: Campaign, attacker: Army, defender: Army) -> None:
    errors = {
        side: [_("Choose an army of this campaign.")]
        for side, army in (("attacker", attacker), ("defender", defender))
        if army.campaign_id != campaign.pk
    }
    if errors:
        raise ValidationError(errors)
    if attacker.pk == defender.pk:
        raise Refused("same_army", _("An army cannot fight itself."), field="defender")


@transaction.atomic
def battle_create(
    *,
    campaign: Campaign,
    user: Actor,
    name: str,
    attacker: Army,
    defender: Army,
    circumstances: Mapping[str, Any] | None = None,
    crucial_moments: Mapping[str, Any] | None = None,
    options: Mapping[str, Any] | None = None,
    deployment: Mapping[str, Any] | None = None,
) -> Battle:
    """Plan a battle between two armies of the campaign (its game master). The settings must
    be readable by the engine (``circumstances.attacker.1.surprise``...); the cards are
    judged when a run starts."""
    require(roles.can_manage_campaign(user, campaign))
    _check_armies(campaign, attacker, defender)
    settings = {
        "circumstances": dict(circumstances or {}),
        "crucial_moments": dict(crucial_moments or {}),
        "options": dict(options or {}),
        "deployment": dict(deployment or {}),
    }
    engine.check_battle_settings(**settings, tables=engine.tables_for(campaign))
    battle = Battle(
        campaign=campaign,
        name=name,
        attacker=attacker,
        defender=defender,
        created_by=user if isinstance(user, User) else None,
        **settings,
    )
    battle.full_clean()
    battle.save()
    return battle


@transaction.atomic
def battle_update(*, battle: Battle, user: Actor, **changes: Any) -> Battle:
    """Change a battle's name, armies or settings (its game master). Runs already started
    keep the battle as it was; the armies of a battle that has runs no longer change."""
    require(roles.can_run_battle(user, battle))
    _unknown(changes, BATTLE_FIELDS)
    fresh = Battle.objects.select_for_update().select_related("campaign").get(pk=battle.pk)
    swapping = {"attacker", "defender"} & set(changes)
    if swapping and fresh.runs.exists():
        raise ValidationError(
            {
                side: [_("This battle has been fought: its armies no longer change.")]
                for side in sorted(swapping)
            }
        )
    for field, value in changes.items():
        setattr(fresh, field, value if value is not None or field in swapping else {})
    _check_armies(fresh.campaign, fresh.attacker, fresh.defender)
    engine.check_battle_settings(
        circumstances=fresh.circumstances,
        crucial_moments=fresh.crucial_moments,
        options=fresh.options,
        deployment=fresh.deployment,
        tables=engine.tables_for(fresh.campaign),
    )
    fresh.full_clean()
    fresh.save()
    return fresh
