"""The numbers behind the charts, for REST clients that draw their own: a season's positions,
points and score difference round by round, and a team's players' progression."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.base import ObjectCommandView
from core.api.permissions import ReadOnly
from league import selectors as league_selectors
from league.api.serializers import TeamBriefSerializer
from matches import plugins
from matches.positions import positions_by_round


class TeamSeriesSerializer(serializers.Serializer):
    team = TeamBriefSerializer()
    positions = serializers.ListField(
        child=serializers.IntegerField(), help_text="Position after each of the rounds."
    )
    points = serializers.ListField(
        child=serializers.IntegerField(), help_text="Points after each of the rounds."
    )
    score_difference = serializers.ListField(
        child=serializers.IntegerField(), help_text="Score difference after each of the rounds."
    )


class SeasonPositionsSerializer(serializers.Serializer):
    season = serializers.IntegerField()
    rounds = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The rounds with a result, in order; every series has one value per round.",
    )
    teams = TeamSeriesSerializer(many=True, help_text="Leader of the last round first.")


class PlayerSeriesSerializer(serializers.Serializer):
    name = serializers.CharField()
    values = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        help_text="The measure after each step; null when the player was not on the roster.",
    )


class TeamProgressionSerializer(serializers.Serializer):
    team = serializers.IntegerField()
    measure = serializers.CharField(
        allow_null=True, help_text="What the values count (null when the game keeps nothing)."
    )
    steps = serializers.ListField(child=serializers.CharField(), help_text="Matches, in order.")
    players = PlayerSeriesSerializer(many=True)


class SeasonPositionsView(ObjectCommandView):
    """Every team's position (the league's tie-breakers on the results up to that round),
    points and score difference after each round with a result: the league's charts page's
    numbers. Anyone may read it."""

    permission_classes = [ReadOnly]

    def get_queryset(self):
        return league_selectors.season_with_league()

    @extend_schema(
        summary="Show each team's position, points and score difference after every round",
        responses=SeasonPositionsSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        season = self.get_object()
        series = positions_by_round(season=season)
        body = {"season": season.pk, "rounds": series.rounds, "teams": series.teams}
        return Response(SeasonPositionsSerializer(body).data)


class TeamProgressionView(ObjectCommandView):
    """What the team's game measures of its players (Killpower experience, Mythril star
    player points) after each match: the team's charts page's numbers. Empty for a game that
    keeps nothing per match. Anyone may read it."""

    permission_classes = [ReadOnly]

    def get_queryset(self):
        return league_selectors.team_with_league()

    @extend_schema(
        summary="Show how a team's players grew, match by match (where the game keeps it)",
        responses=TeamProgressionSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        team = self.get_object()
        series = plugins.progression.of(team.league.rule_system)
        progression = series.progression_series(team=team)
        body = {
            "team": team.pk,
            "measure": str(progression.measure) if progression else None,
            "steps": progression.steps if progression else [],
            "players": progression.players if progression else [],
        }
        return Response(TeamProgressionSerializer(body).data)
