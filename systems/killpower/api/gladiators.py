"""The Killpower Ball league API: gladiators (read), a team created with its gladiators, and a
gladiator's raise. Writes call one service each; the roles are ``league.roles``'."""

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import status, viewsets
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.base import ObjectCommandView
from core.api.filters import FILTER_BACKENDS
from core.api.permissions import ReadOnly
from league.api.permissions import CanEditRoster, IsCommissioner
from systems.killpower.api import gladiator_serializers as s
from systems.killpower.api.filters import GladiatorFilter
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
        gladiators = selectors.gladiator_list()
        if self.action == "retrieve":
            gladiators = gladiators.prefetch_related(selectors.events_prefetch())
        return gladiators


class GladiatorRaiseView(ObjectCommandView):
    serializer_class = s.GladiatorRaiseSerializer
    permission_classes = [CanEditRoster]

    def get_queryset(self):
        return selectors.gladiator_list()

    @extend_schema(
        summary="Raise a gladiator's characteristic with a raise his XP allows (his coach)",
        request=s.GladiatorRaiseSerializer,
        responses=s.GladiatorSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        gladiator = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        raised = services.gladiator_raise(
            gladiator=gladiator, characteristic=serializer.validated_data["characteristic"]
        )
        return Response(s.GladiatorSerializer(selectors.gladiator_list().get(pk=raised.pk)).data)


class GladiatorRenameView(ObjectCommandView):
    serializer_class = s.GladiatorRenameSerializer
    permission_classes = [CanEditRoster]

    def get_queryset(self):
        return selectors.gladiator_list(living=True)

    @extend_schema(
        summary="Rename a living gladiator (his coach or the commissioner)",
        request=s.GladiatorRenameSerializer,
        responses=s.GladiatorSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        gladiator = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        renamed = services.gladiator_rename(
            gladiator=gladiator, name=serializer.validated_data["name"]
        )
        return Response(s.GladiatorSerializer(selectors.gladiator_list().get(pk=renamed.pk)).data)


class KillpowerTeamCreateView(GenericAPIView):
    serializer_class = s.KillpowerTeamCreateSerializer
    permission_classes = [IsAuthenticated & IsCommissioner]
    filter_backends: list = []
    pagination_class = None

    @extend_schema(
        summary="Create a Killpower team with its seven gladiators (commissioner)",
        request=s.KillpowerTeamCreateSerializer,
        responses={201: s.KillpowerTeamSerializer},
    )
    def post(self, request: Request) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        self.check_object_permissions(request, data["league"])
        team = services.killpower_team_register(**data)
        fresh = selectors.team_with_living(team_id=team.pk)
        return Response(s.KillpowerTeamSerializer(fresh).data, status=status.HTTP_201_CREATED)
