"""Factories for the battles models, and armies built through the services."""

import copy
from typing import Any

import factory

from battles import services
from battles.demo import AULD_ALLIANCE, BATTLE, WILD_HUNT
from battles.models import Army, Battle, Campaign, Troop
from tests.factories import UserFactory


class CampaignFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Campaign

    name = factory.Sequence(lambda n: f"Campaign {n}")
    game_master = factory.SubFactory(UserFactory)


class ArmyFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Army

    campaign = factory.SubFactory(CampaignFactory)
    name = factory.Sequence(lambda n: f"Army {n}")
    commander = factory.LazyAttribute(
        lambda army: {"name": f"{army.name} lord", "tactics": 12, "command": 12}
    )


class TroopFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Troop

    army = factory.SubFactory(ArmyFactory)
    name = factory.Sequence(lambda n: f"Troop {n}")
    dc = 12
    count = 100


class BattleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Battle

    campaign = factory.SubFactory(CampaignFactory)
    name = factory.Sequence(lambda n: f"Battle {n}")
    attacker = factory.SubFactory(ArmyFactory, campaign=factory.SelfAttribute("..campaign"))
    defender = factory.SubFactory(ArmyFactory, campaign=factory.SelfAttribute("..campaign"))


def plain_army(campaign: Campaign, name: str, *, count: int = 300, dc: int = 12, **extra: Any):
    """An army of one troop, no specialist, a commander of base 12 (made without services)."""
    army = ArmyFactory(campaign=campaign, name=name, **extra)
    TroopFactory(army=army, name=f"{name} militia", dc=dc, count=count)
    return army


def auld_alliance(campaign: Campaign, *, user, owner=None) -> Army:
    """The rule text's Auld Alliance card (94 soldiers, base DC 14, DC 18 with its works)."""
    return services.army_create(
        campaign=campaign, user=user, owner=owner, **copy.deepcopy(AULD_ALLIANCE)
    )


def wild_hunt(campaign: Campaign, *, user) -> Army:
    """The rule text's Wild Hunt card (200 soldiers, DC 18), an NPC army."""
    return services.army_create(campaign=campaign, user=user, **copy.deepcopy(WILD_HUNT))


def siege(campaign: Campaign, *, user, attacker: Army, defender: Army, **changes: Any) -> Battle:
    """The text's battle: phase 3 one against three, surprise for the Hunt, a crucial
    moment in each phase left to the game master, casualties rolled."""
    settings = copy.deepcopy(BATTLE) | changes
    return services.battle_create(
        campaign=campaign, user=user, attacker=attacker, defender=defender, **settings
    )
