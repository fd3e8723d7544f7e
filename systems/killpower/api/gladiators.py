"""The Killpower Ball league API: gladiators (read), a team created with its gladiators, and a
gladiator's raise. Writes call one service each; the roles are ``league.roles``'."""

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import viewsets
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.base import CommandRoutes, ObjectCommandView
from core.api.filters import FILTER_BACKENDS
from core.api.permissions import ReadOnly
from league.api.permissions import CanEditRoster, IsCommissioner
from league.roles import is_commissioner
from systems.killpower.api import gladiator_serializers as s
from systems.killpower.api.filters import GladiatorFilter
from systems.killpower.models import Gladiator
from systems.killpower.selectors import gladiators as selectors
from systems.killpower.services import teams as services


@extend_schema_view(
    list=extend_schema(summary="List Killpower gladiators (computed characteristics included)"),
    retrieve=extend_schema(
        summary="Show a gladiator with his history", responses=s.GladiatorDetailSerializer
    ),
)
class GladiatorViewSet(viewsets.ReadOnlyModelViewSet):
    permission_classes = [ReadOnly]
    filter_backends = FILTER_BACKENDS
    filterset_class = GladiatorFilter
    ordering_fields = ["name", "number", "xp", "created_at"]

    def get_serializer_class(self):
        if self.action == "retrieve":
            return s.GladiatorDetailSerializer
        return s.GladiatorSerializer

    def get_queryset(self):
        if self.action == "retrieve":
            return selectors.gladiator_detail_list()
        return selectors.gladiator_list()


class _GladiatorCommandView(ObjectCommandView):
    """A command on one gladiator, by his coach (or the commissioner): the service runs it,
    the answer is the gladiator as the list shows him."""

    permission_classes = [CanEditRoster]

    def command(self, gladiator: Gladiator, data: dict[str, Any]) -> Gladiator:
        raise NotImplementedError

    def post(self, request: Request, pk: int) -> Response:
        gladiator = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        done = self.command(gladiator, serializer.validated_data)
        return Response(s.GladiatorSerializer(selectors.gladiator_get(gladiator_id=done.pk)).data)


@extend_schema_view(
    post=extend_schema(
        summary="Raise a gladiator's characteristic with a raise his XP allows (his coach)",
        request=s.GladiatorRaiseSerializer,
        responses=s.GladiatorSerializer,
    )
)
class GladiatorRaiseView(_GladiatorCommandView):
    serializer_class = s.GladiatorRaiseSerializer

    def get_queryset(self):
        return selectors.gladiator_list()

    def command(self, gladiator: Gladiator, data: dict[str, Any]) -> Gladiator:
        return services.gladiator_raise(gladiator=gladiator, characteristic=data["characteristic"])


@extend_schema_view(
    post=extend_schema(
        summary="Rename a living gladiator (his coach or the commissioner)",
        request=s.GladiatorRenameSerializer,
        responses=s.GladiatorSerializer,
    )
)
class GladiatorRenameView(_GladiatorCommandView):
    serializer_class = s.GladiatorRenameSerializer

    def get_queryset(self):
        return selectors.gladiator_list(living=True)

    def command(self, gladiator: Gladiator, data: dict[str, Any]) -> Gladiator:
        return services.gladiator_rename(gladiator=gladiator, name=data["name"])


API = CommandRoutes("", [IsCommissioner])
"""The team creation command (the other gladiator commands check their gladiator's roles)."""


@API.post(
    "killpower-teams/",
    "killpower-team-create",
    s.KillpowerTeamCreateSerializer,
    {201: s.KillpowerTeamSerializer},
    status=201,
)
def team_create(request: Request, data: dict[str, Any]) -> Any:
    """Create a Killpower team with its seven gladiators (commissioner)"""
    if not is_commissioner(request.user, data["league"]):
        raise PermissionDenied  # as the league's object permission answers
    team = services.killpower_team_register(**data)
    return s.KillpowerTeamSerializer(selectors.team_with_living(team_id=team.pk)).data
