"""A league's year on the API: finish a season, start the next, retire or bring back a team,
the champions and the all-time table.

State refusals (a season already finished, fixtures left, the name taken, a team already
retired) answer 409 with the field they are about; bad input 400; a user lacking the role 403.
"""

from datetime import timedelta

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.base import ObjectCommandView
from core.api.fields import UserField
from core.api.permissions import ReadOnly
from core.names import validate_name
from league import selectors as league_selectors
from league.api.permissions import IsCommissioner
from league.api.serializers import SeasonSerializer, TeamBriefSerializer, TeamSerializer
from matches import seasons
from matches.all_time import all_time_table, champions_list

CONFLICT = OpenApiResponse(description="The season or team is not in the state this needs.")


class TeamAddSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80, validators=[validate_name])
    coach = UserField(allow_null=True, required=False)


class SeasonStartSerializer(serializers.Serializer):
    name = serializers.CharField(
        max_length=60,
        help_text="The new season's name, new in the league.",
        validators=[validate_name],
    )
    retire = serializers.ListField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        default=list,
        max_length=500,
        help_text="Ids of the league's teams that play no more.",
    )
    add = TeamAddSerializer(
        many=True, required=False, default=list, help_text="New teams registered for it."
    )
    double = serializers.BooleanField(
        required=False,
        allow_null=True,
        default=None,
        help_text="Home and away; default: as the previous season was played.",
    )
    first_kickoff = serializers.DateTimeField(
        required=False, allow_null=True, help_text="Kick-off of round 1 (default: tomorrow 20:00)."
    )
    interval_days = serializers.IntegerField(
        min_value=1,
        max_value=365,
        required=False,
        allow_null=True,
        help_text="Days between rounds; default: as the previous season.",
    )


class AllTimeRowSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    team = TeamBriefSerializer()
    retired = serializers.SerializerMethodField()
    seasons = serializers.IntegerField(help_text="Seasons in which the team has a result.")
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    goals_for = serializers.IntegerField(help_text="Score for, every season.")
    goals_against = serializers.IntegerField(help_text="Score against, every season.")
    goal_difference = serializers.IntegerField()
    points = serializers.IntegerField(help_text="With the league's points per result as now set.")
    titles = serializers.IntegerField(help_text="Seasons won.")

    def get_retired(self, row) -> bool:
        return row.team.retired_at is not None


class ChampionSerializer(serializers.Serializer):
    season = serializers.IntegerField(source="pk")
    season_name = serializers.CharField(source="name")
    finished_at = serializers.DateTimeField()
    champion = TeamBriefSerializer(allow_null=True)


class _LeagueView(ObjectCommandView):
    def get_queryset(self):
        return league_selectors.league_with_commissioner()


class SeasonFinishView(ObjectCommandView):
    permission_classes = [IsCommissioner]

    def get_queryset(self):
        return league_selectors.season_with_league()

    @extend_schema(
        summary="Finish a season: crown its champion and archive it (commissioner)",
        request=None,
        responses={200: SeasonSerializer, 409: CONFLICT},
    )
    def post(self, request: Request, pk: int) -> Response:
        season = seasons.season_finish(season=self.get_object(), by=request.user)
        fresh = league_selectors.season_with_champion(season_id=season.pk)
        return Response(SeasonSerializer(fresh).data)


class LeagueSeasonStartView(_LeagueView):
    permission_classes = [IsCommissioner]
    serializer_class = SeasonStartSerializer

    @extend_schema(
        summary="Start the league's next season: teams, rosters carried over, fixtures "
        "(commissioner)",
        request=SeasonStartSerializer,
        responses={201: SeasonSerializer, 409: CONFLICT},
    )
    def post(self, request: Request, pk: int) -> Response:
        league = self.get_object()
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        days = data.get("interval_days")
        season = seasons.season_start_next(
            league=league,
            name=data["name"],
            by=request.user,
            retire=data["retire"],
            add=[dict(team) for team in data["add"]],
            double=data.get("double"),
            first_kickoff=data.get("first_kickoff"),
            interval=timedelta(days=days) if days else None,
        )
        fresh = league_selectors.season_with_champion(season_id=season.pk)
        return Response(SeasonSerializer(fresh).data, status=status.HTTP_201_CREATED)


class _TeamCommand(ObjectCommandView):
    permission_classes = [IsCommissioner]

    def get_queryset(self):
        return league_selectors.team_list()

    def answer(self, team) -> Response:
        fresh = self.get_queryset().get(pk=team.pk)
        return Response(TeamSerializer(fresh, context=self.get_serializer_context()).data)


class TeamRetireView(_TeamCommand):
    @extend_schema(
        summary="Retire a team: it keeps its past seasons and plays no new one (commissioner)",
        request=None,
        responses={200: TeamSerializer, 409: CONFLICT},
    )
    def post(self, request: Request, pk: int) -> Response:
        return self.answer(seasons.team_retire(team=self.get_object(), by=request.user))


class TeamReinstateView(_TeamCommand):
    @extend_schema(
        summary="Bring a retired team back (commissioner)",
        request=None,
        responses={200: TeamSerializer, 409: CONFLICT},
    )
    def post(self, request: Request, pk: int) -> Response:
        return self.answer(seasons.team_reinstate(team=self.get_object(), by=request.user))


class LeagueAllTimeView(_LeagueView):
    permission_classes = [ReadOnly]

    @extend_schema(
        summary="The league's all-time table: every season's results per team",
        responses=AllTimeRowSerializer(many=True),
    )
    def get(self, request: Request, pk: int) -> Response:
        rows = all_time_table(league=self.get_object())
        return Response(AllTimeRowSerializer(rows, many=True).data)


class LeagueChampionsView(_LeagueView):
    permission_classes = [ReadOnly]

    @extend_schema(
        summary="The league's champions, season by season",
        responses=ChampionSerializer(many=True),
    )
    def get(self, request: Request, pk: int) -> Response:
        finished = champions_list(league=self.get_object())
        return Response(ChampionSerializer(finished, many=True).data)
