"""The awards for REST clients: a season's and a team's awards read by anyone; the
commissioner gives a custom award of a season and revokes one, refusing in the project's shape
(``core.api.errors``)."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from awards import selectors, services
from awards.api.serializers import AwardSerializer, CustomAwardInputSerializer
from core.api.base import ObjectCommandView
from core.api.permissions import ReadOnly
from league.api.permissions import IsCommissioner


class SeasonAwardsView(ObjectCommandView):
    permission_classes = [ReadOnly | IsCommissioner]
    serializer_class = CustomAwardInputSerializer

    def get_queryset(self):
        return selectors.seasons()

    @extend_schema(
        summary="A season's awards: the game's (granted at its finish), then the commissioner's",
        responses=AwardSerializer(many=True),
    )
    def get(self, request: Request, pk: int) -> Response:
        season = self.get_object()
        return Response(AwardSerializer(selectors.season_awards_get(season=season), many=True).data)

    @extend_schema(
        summary="Give a custom award of the season to a team or one of its players (commissioner)",
        request=CustomAwardInputSerializer,
        responses={201: AwardSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        season = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        award = services.custom_award_give(
            season=season,
            by=request.user,
            name=data["name"],
            description=data["description"],
            team=data["team"],
            player_ref=data["player"],
        )
        [row] = [r for r in selectors.season_awards_get(season=season) if r.award.pk == award.pk]
        return Response(AwardSerializer(row).data, status=status.HTTP_201_CREATED)


class TeamAwardsView(ObjectCommandView):
    permission_classes = [ReadOnly]

    def get_queryset(self):
        return selectors.teams()

    @extend_schema(
        summary="A team's awards and its players', the latest season first",
        responses=AwardSerializer(many=True),
    )
    def get(self, request: Request, pk: int) -> Response:
        team = self.get_object()
        return Response(AwardSerializer(selectors.team_awards_get(team=team), many=True).data)


class AwardRevokeView(ObjectCommandView):
    permission_classes = [IsCommissioner]

    def get_queryset(self):
        return selectors.awards()

    @extend_schema(
        summary="Revoke a custom award (commissioner)", request=None, responses={204: None}
    )
    def delete(self, request: Request, pk: int) -> Response:
        services.custom_award_revoke(award=self.get_object(), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
