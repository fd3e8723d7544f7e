"""Commands on one campaign, army, battle or run: one small view each, calling one service.

A run is driven by its game master: ``step`` plays one exchange round, ``crucial-moment``
and ``phase3-skill`` answer the decision a paused run waits for, ``resolve`` asks a worker to
play it to the end (202, poll the run), ``confirm-casualties`` applies its casualties to the
armies once. Each answers the run as ``GET runs/{id}/`` shows it.
"""

from django.urls import reverse
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from battles import services
from battles.api import serializers as s
from battles.api.permissions import IsGameMaster, IsSignedIn
from battles.api.views import run_view_data
from battles.selectors import campaigns as selectors
from battles.selectors import pages as page_selectors
from core.api.base import NoInputSerializer, ObjectCommandView
from core.api.permissions import ReadOnly
from core.api.throttles import EXPENSIVE
from core.links import site_url

# --- campaigns and armies -----------------------------------------------------------------


class CampaignPlayersView(ObjectCommandView):
    serializer_class = s.CampaignPlayerSerializer
    permission_classes = [IsGameMaster]

    def get_queryset(self):
        return page_selectors.campaign_rows()

    @extend_schema(
        summary="Add a player to a campaign (game master)",
        request=s.CampaignPlayerSerializer,
        responses=s.CampaignSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        campaign = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.campaign_add_player(
            campaign=campaign, user=request.user, player=serializer.validated_data["player"]
        )
        return Response(s.CampaignSerializer(selectors.campaign_list().get(pk=pk)).data)


class _ArmyCommand(ObjectCommandView):
    def get_queryset(self):
        return page_selectors.army_rows()


class ArmyHistoryView(_ArmyCommand):
    permission_classes = [ReadOnly]

    @extend_schema(
        summary="Show an army's history: edits, casualties, recoveries",
        responses=s.ArmyEventSerializer(many=True),
    )
    def get(self, request: Request, pk: int) -> Response:
        army = self.get_object()
        events = selectors.army_history(army=army)
        return Response(s.ArmyEventSerializer(events, many=True).data)


class ArmyRecoverWoundedView(_ArmyCommand):
    permission_classes = [IsGameMaster]

    @extend_schema(
        summary="Put an army's wounded back in the ranks (game master)",
        request=None,
        responses=s.ArmyDetailSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        army = services.army_recover_wounded(army=self.get_object(), user=request.user)
        army = selectors.army_list().get(pk=army.pk)
        context = {"card": selectors.army_card(army=army)}
        return Response(s.ArmyDetailSerializer(army, context=context).data)


# --- battles ------------------------------------------------------------------------------


class BattleOddsView(ObjectCommandView):
    serializer_class = s.OddsInputSerializer
    permission_classes = [IsSignedIn]
    throttle_classes = EXPENSIVE

    def get_queryset(self):
        return page_selectors.battle_rows()

    @extend_schema(
        summary="Estimate a battle's odds as the cards stand now (signed-in users)",
        request=s.OddsInputSerializer,
        responses=s.OddsSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        battle = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        odds = services.battle_odds(battle=battle, n=data["n"], seed=data.get("seed"))
        return Response(s.OddsSerializer(odds).data)


# --- runs ---------------------------------------------------------------------------------


class _RunCommand(ObjectCommandView):
    permission_classes = [IsGameMaster]

    def get_queryset(self):
        return page_selectors.run_rows()


class RunStepView(_RunCommand):
    @extend_schema(
        summary="Play one exchange round of a run (game master)",
        request=None,
        responses=s.RunViewSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        run = services.run_step(run_id=self.get_object().pk, user=request.user)
        return Response(run_view_data(run))


class RunCrucialMomentView(_RunCommand):
    serializer_class = s.CrucialMomentSerializer

    @extend_schema(
        summary="Record who won the pending crucial moment (game master)",
        request=s.CrucialMomentSerializer,
        responses=s.RunViewSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        run = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        run = services.run_decide_crucial_moment(
            run_id=run.pk, user=request.user, winner=serializer.validated_data["winner"]
        )
        return Response(run_view_data(run))


class RunSkipCrucialMomentView(_RunCommand):
    serializer_class = NoInputSerializer

    @extend_schema(
        summary="Drop the pending crucial moment (game master)",
        request=None,
        responses=s.RunViewSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        run = services.run_skip_crucial_moment(run_id=self.get_object().pk, user=request.user)
        return Response(run_view_data(run))


class RunPhase3SkillView(_RunCommand):
    serializer_class = s.Phase3SkillSerializer

    @extend_schema(
        summary="Choose the phase-3 skill for the phase-2 winner (game master)",
        request=s.Phase3SkillSerializer,
        responses=s.RunViewSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        run = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        run = services.run_choose_phase3_skill(
            run_id=run.pk, user=request.user, skill=serializer.validated_data["skill"]
        )
        return Response(run_view_data(run))


class RunResolveView(_RunCommand):
    @extend_schema(
        summary="Have a worker resolve a run to the end (game master)",
        request=None,
        responses={202: s.RunViewSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        run = services.run_resolve_request(run_id=self.get_object().pk, user=request.user)
        response = Response(run_view_data(run), status=status.HTTP_202_ACCEPTED)
        response["Location"] = site_url(reverse("api:run-detail", args=[run.pk]))
        return response


class RunConfirmCasualtiesView(_RunCommand):
    @extend_schema(
        summary="Apply a finished run's casualties to both armies, once (game master)",
        request=None,
        responses=s.RunViewSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        run = services.casualties_confirm(run_id=self.get_object().pk, user=request.user)
        return Response(run_view_data(run))
