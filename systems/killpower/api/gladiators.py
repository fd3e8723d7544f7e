"""The Killpower Ball league API: gladiators (read), a team created with its gladiators, and a
gladiator's raise. Writes call one service each; the roles are ``league.roles``'."""

from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import viewsets
from rest_framework.request import Request

from core.api.base import CommandRoutes, ObjectCommandView
from core.api.filters import FILTER_BACKENDS
from core.api.permissions import ReadOnly
from league.api.permissions import CanEditRoster, IsCommissioner
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
        return s.GladiatorDetailSerializer if self.action == "retrieve" else s.GladiatorSerializer

    def get_queryset(self):
        if self.action == "retrieve":
            return selectors.gladiator_detail_list()
        return selectors.gladiator_list()


class GladiatorCommandView(ObjectCommandView):
    """A command on one gladiator, by his coach (or the commissioner): the service runs it,
    the answer is the gladiator as the list shows him."""


ROSTER = CommandRoutes("", [CanEditRoster], base=GladiatorCommandView)
"""The commands on one gladiator."""


def _gladiator_answer(done: Gladiator) -> Any:
    return s.GladiatorSerializer(selectors.gladiator_list().get(pk=done.pk)).data


@ROSTER.post(
    "gladiators/<int:pk>/raise/",
    "gladiator-raise",
    s.GladiatorRaiseSerializer,
    s.GladiatorSerializer,
    find=selectors.gladiator_list,
)
def gladiator_raise(request: Request, data: dict[str, Any], gladiator: Gladiator) -> Any:
    """Raise a gladiator's characteristic with a raise his XP allows (his coach)"""
    return _gladiator_answer(
        services.gladiator_raise(gladiator=gladiator, characteristic=data["characteristic"])
    )


@ROSTER.post(
    "gladiators/<int:pk>/rename/",
    "gladiator-rename",
    s.GladiatorRenameSerializer,
    s.GladiatorSerializer,
    find=lambda: selectors.gladiator_list(living=True),
)
def gladiator_rename(request: Request, data: dict[str, Any], gladiator: Gladiator) -> Any:
    """Rename a living gladiator (his coach or the commissioner)"""
    return _gladiator_answer(services.gladiator_rename(gladiator=gladiator, name=data["name"]))


COMMISSIONER = CommandRoutes("", [IsCommissioner])
"""The team creation: the commissioner of the new team's league."""


@COMMISSIONER.create(
    "killpower-teams/",
    "killpower-team-create",
    s.KillpowerTeamCreateSerializer,
    {201: s.KillpowerTeamSerializer},
)
def team_create(request: Request, data: dict[str, Any]) -> Any:
    """Create a Killpower team with its seven gladiators (commissioner)"""
    request.parser_context["view"].check_object_permissions(request, data["league"])  # 403
    team = services.killpower_team_register(**data)
    return s.KillpowerTeamSerializer(selectors.killpower_team_list().get(pk=team.pk)).data
