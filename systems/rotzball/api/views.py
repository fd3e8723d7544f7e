"""The Rotzball players API: a team's players, written through the roster services."""

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins

from core.api.permissions import ReadOnly
from league.api.permissions import CanEditRoster
from league.api.views import ReadCreateUpdateViewSet
from systems.rotzball import services
from systems.rotzball.api import serializers as s
from systems.rotzball.api.filters import PlayerFilter
from systems.rotzball.selectors import teams as team_selectors


@extend_schema_view(
    list=extend_schema(summary="List players"),
    retrieve=extend_schema(summary="Show a player"),
    create=extend_schema(summary="Add a player to a team (its coach or commissioner)"),
    partial_update=extend_schema(
        summary="Change a player (its coach or commissioner, before kick-off)",
        request=s.PlayerUpdateSerializer,
        responses=s.PlayerSerializer,
    ),
    destroy=extend_schema(summary="Remove a player (its coach or commissioner, before kick-off)"),
)
class PlayerViewSet(mixins.DestroyModelMixin, ReadCreateUpdateViewSet):
    serializer_class = s.PlayerSerializer
    update_serializer_class = s.PlayerUpdateSerializer
    permission_classes = [ReadOnly | CanEditRoster]
    filterset_class = PlayerFilter
    ordering_fields = ["name", "created_at", "endurance", "agility", "strength", "intelligence"]
    http_method_names = ["get", "post", "patch", "delete", "head", "options"]

    def get_queryset(self):
        return team_selectors.player_rows()

    def perform_create_service(self, data):
        self.check_object_permissions(self.request, data["team"])
        return services.player_create(**data)

    def perform_update_service(self, instance, data):
        return services.player_update(player=instance, **data)

    def perform_destroy(self, instance):
        services.player_delete(player=instance)
