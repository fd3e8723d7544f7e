"""Reads the campaign pages need beyond ``battles.selectors.campaigns``: the row a page's role
gate loads, a campaign with every army's card and every battle's latest run, and an army with
its battles, each in a constant number of queries (the cards are computed by the engine, in
memory)."""

from dataclasses import dataclass

from django.db.models import Prefetch, Q, QuerySet

from battles import engine
from battles.models import Army, Battle, BattleRun, Campaign
from battles.selectors import campaigns as selectors
from battles.selectors.statistics import CampaignStatistics, campaign_statistics


def campaign_rows() -> QuerySet[Campaign]:
    """Campaigns with their game master: what a page's role gate asks about."""
    return Campaign.objects.select_related("game_master")


def army_rows() -> QuerySet[Army]:
    """Armies with their campaign and owner, without their troops."""
    return Army.objects.select_related("campaign", "owner")


def battle_rows() -> QuerySet[Battle]:
    """Battles with their campaign and armies, without counts."""
    return Battle.objects.select_related("campaign", "attacker", "defender")


def run_rows() -> QuerySet[BattleRun]:
    """Runs with their battle's campaign, without their heavy engine state and report."""
    return BattleRun.objects.select_related("battle__campaign").defer(*selectors.RUN_HEAVY_FIELDS)


def run_version(*, run_id: int) -> int | None:
    """The run's version (it moves with every step), ``None`` for no such run."""
    return BattleRun.objects.filter(pk=run_id).values_list("version", flat=True).first()


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
    statistics: CampaignStatistics


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
    statistics = campaign_statistics(campaign_id=campaign.pk, armies=[row.army for row in armies])
    return CampaignPage(campaign, list(campaign.players.all()), armies, battles, statistics)


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
