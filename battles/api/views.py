"""Viewsets of the battle resources: campaigns, armies, troops, battles and runs.

Every write calls one service from ``battles.services``; a user lacking the role gets 403,
an anonymous one 401. Creating checks the role against the new object's parent. Commands on
one object (a run's step, odds...) live in ``battles.api.commands``, one small view each.
"""

from typing import Any

from django.db.models import Model
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response

from battles import services
from battles.api import serializers as s
from battles.api.filters import (
    ArmyFilter,
    BattleFilter,
    BattleRunFilter,
    CampaignFilter,
    TroopFilter,
)
from battles.api.permissions import CanEditArmy, IsGameMaster
from battles.selectors import campaigns as selectors
from battles.selectors import statistics
from core.api.filters import FILTER_BACKENDS
from core.api.permissions import IsAuthenticatedCreate, ReadOnly


class _Resource(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    """List, retrieve, create and PATCH; writes go through services, never ``serializer.save()``."""

    filter_backends = FILTER_BACKENDS
    http_method_names = ["get", "post", "patch", "head", "options"]
    create_serializer_class: type | None = None
    update_serializer_class: type | None = None

    def get_serializer_class(self):
        if self.action == "create" and self.create_serializer_class is not None:
            return self.create_serializer_class
        if self.action == "partial_update" and self.update_serializer_class is not None:
            return self.update_serializer_class
        return self.serializer_class

    def create(self, request: Request, *args, **kwargs) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        created = self.perform_create_service(dict(serializer.validated_data))
        return Response(self.output(created), status=status.HTTP_201_CREATED)

    def partial_update(self, request: Request, *args, **kwargs) -> Response:
        instance = self.get_object()
        serializer = self.get_serializer(instance, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        updated = self.perform_update_service(instance, dict(serializer.validated_data))
        return Response(self.output(updated))

    def output(self, instance: Model) -> dict[str, Any]:
        """The object as a list shows it (re-read through the view's queryset)."""
        fresh = self.get_queryset().get(pk=instance.pk)
        return self.serializer_class(fresh, context=self.get_serializer_context()).data

    def perform_create_service(self, data: dict[str, Any]) -> Model:
        raise NotImplementedError

    def perform_update_service(self, instance: Any, data: dict[str, Any]) -> Model:
        raise NotImplementedError


@extend_schema_view(
    list=extend_schema(summary="List campaigns"),
    retrieve=extend_schema(summary="Show a campaign"),
    create=extend_schema(summary="Start a campaign (you become its game master)"),
    partial_update=extend_schema(summary="Change a campaign (game master)"),
)
class CampaignViewSet(_Resource):
    serializer_class = s.CampaignSerializer
    permission_classes = [ReadOnly | IsAuthenticatedCreate | IsGameMaster]
    filterset_class = CampaignFilter
    ordering_fields = ["name", "created_at"]

    def get_queryset(self):
        return selectors.campaign_list().order_by("name", "pk")

    def perform_create_service(self, data):
        return services.campaign_create(game_master=self.request.user, **data)

    def perform_update_service(self, instance, data):
        return services.campaign_update(campaign=instance, user=self.request.user, **data)

    @extend_schema(
        summary="A campaign's casualties: what each army suffered and inflicted, and the "
        "heaviest losses in one battle",
        responses=s.CampaignStatisticsSerializer,
    )
    @action(detail=True, methods=["get"], permission_classes=[ReadOnly])
    def statistics(self, request: Request, pk: int) -> Response:
        campaign = self.get_object()
        data = statistics.campaign_statistics(campaign_id=campaign.pk)
        return Response(s.CampaignStatisticsSerializer(data).data)


@extend_schema_view(
    list=extend_schema(summary="List armies (without their computed cards)"),
    retrieve=extend_schema(
        summary="Show an army with its computed battle card", responses=s.ArmyDetailSerializer
    ),
    create=extend_schema(
        summary="Create an army (game master, or a player for themselves)",
        request=s.ArmyCreateSerializer,
        responses={201: s.ArmyDetailSerializer},
    ),
    partial_update=extend_schema(
        summary="Edit an army's card: commander, seconds, works (owner or game master)",
        request=s.ArmyUpdateSerializer,
        responses=s.ArmyDetailSerializer,
    ),
)
class ArmyViewSet(_Resource):
    serializer_class = s.ArmySerializer
    create_serializer_class = s.ArmyCreateSerializer
    update_serializer_class = s.ArmyUpdateSerializer
    permission_classes = [ReadOnly | CanEditArmy]
    filterset_class = ArmyFilter
    ordering_fields = ["name", "created_at"]

    def get_queryset(self):
        return selectors.army_list().order_by("name", "pk")

    def retrieve(self, request: Request, *args, **kwargs) -> Response:
        return Response(self.output(self.get_object()))

    def output(self, instance):
        army = self.get_queryset().get(pk=instance.pk)
        context = {**self.get_serializer_context(), "card": selectors.army_card(army=army)}
        return s.ArmyDetailSerializer(army, context=context).data

    def perform_create_service(self, data):
        return services.army_create(user=self.request.user, **data)

    def perform_update_service(self, instance, data):
        return services.army_update(army=instance, user=self.request.user, **data)


@extend_schema_view(
    list=extend_schema(summary="List troops (lines of the armies' cards)"),
    retrieve=extend_schema(summary="Show a troop"),
    create=extend_schema(summary="Add a troop to an army's card (owner or game master)"),
    partial_update=extend_schema(
        summary="Change a troop (owner or game master)",
        request=s.TroopUpdateSerializer,
        responses=s.TroopSerializer,
    ),
    destroy=extend_schema(summary="Remove a troop from its army's card (owner or game master)"),
)
class TroopViewSet(mixins.DestroyModelMixin, _Resource):
    serializer_class = s.TroopSerializer
    update_serializer_class = s.TroopUpdateSerializer
    permission_classes = [ReadOnly | CanEditArmy]
    filterset_class = TroopFilter
    ordering_fields = ["name", "dc", "count", "order"]
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_queryset(self):
        return selectors.troop_list().order_by("army", "order", "pk")

    def perform_create_service(self, data):
        army = data.pop("army")
        self.check_object_permissions(self.request, army)
        return services.troop_add(army=army, user=self.request.user, **data)

    def perform_update_service(self, instance, data):
        return services.troop_update(troop=instance, user=self.request.user, **data)

    def perform_destroy(self, instance):
        services.troop_delete(troop=instance, user=self.request.user)


@extend_schema_view(
    list=extend_schema(summary="List battles"),
    retrieve=extend_schema(
        summary="Show a battle: both cards, the SR and each phase's DCs explained",
        responses=s.BattleDetailSerializer,
    ),
    create=extend_schema(summary="Plan a battle between two armies (game master)"),
    partial_update=extend_schema(
        summary="Change a battle's settings (game master)",
        request=s.BattleUpdateSerializer,
        responses=s.BattleDetailSerializer,
    ),
)
class BattleViewSet(_Resource):
    serializer_class = s.BattleSerializer
    update_serializer_class = s.BattleUpdateSerializer
    permission_classes = [ReadOnly | IsGameMaster]
    filterset_class = BattleFilter
    ordering_fields = ["name", "created_at"]

    def get_queryset(self):
        return selectors.battle_list().order_by("-created_at", "-pk")

    def retrieve(self, request: Request, *args, **kwargs) -> Response:
        return Response(self.output(self.get_object()))

    def output(self, instance):
        battle = self.get_queryset().get(pk=instance.pk)
        detail = selectors.battle_detail(battle_id=battle.pk)
        battle.detail = detail
        battle.detail_cards = {side: s.card_data(card) for side, card in detail.cards.items()}
        return s.BattleDetailSerializer(battle, context=self.get_serializer_context()).data

    def perform_create_service(self, data):
        self.check_object_permissions(self.request, data["campaign"])
        return services.battle_create(user=self.request.user, **data)

    def perform_update_service(self, instance, data):
        return services.battle_update(battle=instance, user=self.request.user, **data)


@extend_schema_view(
    list=extend_schema(summary="List battle runs (without their state and rolls)"),
    retrieve=extend_schema(
        summary="Show a run: DCs explained, totals against SR, every round's dice, the "
        "pending decision, the final report",
        responses=s.RunViewSerializer,
    ),
    create=extend_schema(
        summary="Start a run of a battle (game master)",
        request=s.RunStartSerializer,
        responses={201: s.RunViewSerializer},
    ),
)
class BattleRunViewSet(_Resource):
    serializer_class = s.RunSerializer
    create_serializer_class = s.RunStartSerializer
    permission_classes = [ReadOnly | IsGameMaster]
    filterset_class = BattleRunFilter
    ordering_fields = ["created_at", "updated_at"]
    http_method_names = ["get", "post", "head", "options"]

    def get_queryset(self):
        return selectors.run_list().order_by("-created_at", "-pk")

    def retrieve(self, request: Request, *args, **kwargs) -> Response:
        return Response(run_view_data(self.get_object()))

    def output(self, instance):
        return run_view_data(instance)

    def perform_create_service(self, data):
        self.check_object_permissions(self.request, data["battle"])
        return services.run_start(
            battle=data["battle"], user=self.request.user, seed=data.get("seed")
        )


def run_view_data(run) -> dict[str, Any]:
    """The run as ``selectors.run_view`` shows it."""
    return s.RunViewSerializer(selectors.run_view(run_id=run.pk)).data
