"""Viewsets of the plain league resources: leagues, seasons, teams and players.

Every write calls one service from ``league.services``; a user lacking the role gets 403,
an anonymous one 401. Creating checks the role against the new object's parent.
"""

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import mixins, status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.filters import FILTER_BACKENDS
from core.api.permissions import IsAuthenticatedCreate, ReadOnly
from core.api.renderers import FORMAT_PARAMETER, CSVListMixin
from core.api.value_rows import ValueRowsListMixin
from league import selectors, services
from league.api import serializers as s
from league.api.filters import SeasonFilter, TeamFilter
from league.api.permissions import IsCommissioner


class ReadCreateUpdateViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    """List, retrieve, create and PATCH; writes go through services, never ``serializer.save()``."""

    filter_backends = FILTER_BACKENDS
    http_method_names = ["get", "post", "patch", "head", "options"]
    update_serializer_class: type | None = None

    def get_serializer_class(self):
        if self.action == "partial_update" and self.update_serializer_class is not None:
            return self.update_serializer_class
        return self.serializer_class

    def partial_update(self, request: Request, *args, **kwargs) -> Response:
        instance = self.get_object()
        serializer = self.get_serializer(instance, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        updated = self.perform_update_service(instance, serializer.validated_data)
        return Response(self.output(updated))

    def create(self, request: Request, *args, **kwargs) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        created = self.perform_create_service(serializer.validated_data)
        return Response(self.output(created), status=status.HTTP_201_CREATED)

    def output(self, instance) -> dict:
        """The object as a list would show it (re-read through the view's queryset)."""
        fresh = self.get_queryset().get(pk=instance.pk)
        return self.serializer_class(fresh, context=self.get_serializer_context()).data

    def perform_create_service(self, data: dict):
        raise NotImplementedError

    def perform_update_service(self, instance, data: dict):
        raise NotImplementedError


@extend_schema_view(
    list=extend_schema(summary="List leagues"),
    retrieve=extend_schema(summary="Show a league"),
    create=extend_schema(
        summary="Create a league (you become its commissioner)",
        request=s.LeagueCreateSerializer,
        responses={201: s.LeagueSerializer},
    ),
    partial_update=extend_schema(
        summary="Change a league's house rules (commissioner)",
        request=s.LeagueSettingsSerializer,
        responses=s.LeagueSerializer,
    ),
)
class LeagueViewSet(ReadCreateUpdateViewSet):
    serializer_class = s.LeagueSerializer
    update_serializer_class = s.LeagueSettingsSerializer
    permission_classes = [ReadOnly | IsAuthenticatedCreate | IsCommissioner]
    ordering_fields = ["name", "created_at"]

    def get_queryset(self):
        # a list counts the teams of its page only (paginate_queryset)
        return selectors.league_list(counted=self.action != "list").order_by("name", "pk")

    def paginate_queryset(self, queryset):
        page = super().paginate_queryset(queryset)
        return None if page is None else selectors.team_counts_set(page)

    def get_serializer_class(self):
        if self.action == "create":
            return s.LeagueCreateSerializer
        return super().get_serializer_class()

    def perform_create_service(self, data):
        return services.league_create(commissioner=self.request.user, **data)

    def perform_update_service(self, instance, data):
        return services.league_update(league=instance, **data)


@extend_schema_view(
    list=extend_schema(summary="List seasons"),
    retrieve=extend_schema(summary="Show a season"),
    create=extend_schema(summary="Start a season (commissioner of its league)"),
)
class SeasonViewSet(ValueRowsListMixin, ReadCreateUpdateViewSet):
    serializer_class = s.SeasonSerializer
    permission_classes = [ReadOnly | IsCommissioner]
    filterset_class = SeasonFilter
    ordering_fields = ["name", "created_at"]
    http_method_names = ["get", "post", "head", "options"]

    def get_queryset(self):
        return selectors.season_rows()

    def perform_create_service(self, data):
        self.check_object_permissions(self.request, data["league"])
        return services.season_create(league=data["league"], name=data["name"])


@extend_schema_view(
    list=extend_schema(summary="List teams", parameters=[FORMAT_PARAMETER]),
    retrieve=extend_schema(summary="Show a team"),
    create=extend_schema(summary="Register a team (commissioner of its league)"),
    partial_update=extend_schema(
        summary="Rename a team, change its coach or colours (commissioner)",
        request=s.TeamUpdateSerializer,
        responses=s.TeamSerializer,
    ),
)
class TeamViewSet(CSVListMixin, ReadCreateUpdateViewSet):
    serializer_class = s.TeamSerializer
    update_serializer_class = s.TeamUpdateSerializer
    permission_classes = [ReadOnly | IsCommissioner]
    filterset_class = TeamFilter
    ordering_fields = ["name", "created_at"]

    def get_queryset(self):
        # a list reads each game's own rows of its page at once (plugins.teams_read)
        return selectors.team_list().order_by("name", "pk")

    def perform_create_service(self, data):
        self.check_object_permissions(self.request, data["league"])
        return services.team_register(**data)

    def perform_update_service(self, instance, data):
        return services.team_update(team=instance, **data)
