"""Reads the campaign pages need beyond ``battles.selectors.campaigns``: a campaign with every army's
card and every battle's latest run, and an army with its battles, each in a constant number
of queries (the cards are computed by the engine, in memory)."""

from dataclasses import dataclass

from django.db.models import Prefetch, Q, QuerySet

from battles import engine
from battles.models import Army, Battle, BattleRun, Campaign
from battles.selectors import campaigns as selectors


@dataclass(frozen=True)
class ArmyRow:
    army: Army
    card: selectors.ArmyCard


@dataclass(frozen=True)
class BattleRow:
    battle: Battle
    latest: BattleRun | None  # the latest run, without its heavy state


@dataclass(frozen=True)
class CampaignPage:
    campaign: Campaign
    players: list
    armies: list[ArmyRow]
    battles: list[BattleRow]


def _battles(battles: QuerySet[Battle]) -> list[BattleRow]:
    runs = BattleRun.objects.defer(*selectors.RUN_HEAVY_FIELDS).order_by("-created_at", "-pk")
    battles = battles.prefetch_related(Prefetch("runs", queryset=runs, to_attr="runs_latest"))
    return [BattleRow(b, b.runs_latest[0] if b.runs_latest else None) for b in battles]


def campaign_page(*, campaign_id: int) -> CampaignPage:
    """``campaign_id``'s campaign (``Campaign.DoesNotExist`` when unknown) with its players,
    its armies and their cards, and its battles with their latest run."""
    campaign = selectors.campaign_list().get(pk=campaign_id)
    tables = engine.tables_for(campaign)
    armies = []
    for army in selectors.army_list(campaign=campaign):
        army.campaign = campaign
        armies.append(ArmyRow(army, selectors.army_card(army=army, tables=tables)))
    battles = _battles(selectors.battle_list(campaign=campaign).order_by("-created_at", "-pk"))
    return CampaignPage(campaign, list(campaign.players.all()), armies, battles)


@dataclass(frozen=True)
class ArmyPage:
    army: Army
    card: selectors.ArmyCard
    history: list
    battles: list[BattleRow]


def army_page(*, army_id: int) -> ArmyPage:
    """``army_id``'s army (``Army.DoesNotExist`` when unknown): its card, its history and
    the battles it fights."""
    army = selectors.army_list().select_related("campaign__game_master").get(pk=army_id)
    battles = selectors.battle_list().filter(Q(attacker=army) | Q(defender=army))
    return ArmyPage(
        army=army,
        card=selectors.army_card(army=army),
        history=list(selectors.army_history(army=army).reverse()),
        battles=_battles(battles.order_by("-created_at", "-pk")),
    )
