"""Head-to-head for REST clients: two teams of a league, two coaches in every game they met
in (``matches.head_to_head``). Anyone may read it."""

from dataclasses import asdict

from django.http import Http404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.permissions import ReadOnly
from matches import head_to_head


class MeetingSerializer(serializers.Serializer):
    fixture_id = serializers.IntegerField()
    kickoff = serializers.DateTimeField()
    league = serializers.CharField()
    season = serializers.CharField()
    round = serializers.IntegerField()
    home = serializers.CharField()
    away = serializers.CharField()
    home_score = serializers.IntegerField()
    away_score = serializers.IntegerField()
    outcome = serializers.ChoiceField(
        choices=head_to_head.OUTCOMES, help_text="For the first side of the request."
    )


class HeadToHeadSerializer(serializers.Serializer):
    game = serializers.CharField(help_text="The game (a coaches' record is kept per game).")
    played = serializers.IntegerField()
    won = serializers.IntegerField()
    drawn = serializers.IntegerField()
    lost = serializers.IntegerField()
    scored = serializers.IntegerField()
    conceded = serializers.IntegerField()
    meetings = MeetingSerializer(
        many=True, help_text="The latest meetings, newest first (five at most)."
    )


class TeamsHeadToHeadSerializer(HeadToHeadSerializer):
    team = serializers.IntegerField()
    other = serializers.IntegerField()


class CoachesHeadToHeadSerializer(serializers.Serializer):
    coach = serializers.IntegerField()
    other = serializers.IntegerField()
    games = HeadToHeadSerializer(many=True, help_text="One record per game they met in.")


class TeamsHeadToHeadView(APIView):
    permission_classes = [ReadOnly]
    serializer_class = TeamsHeadToHeadSerializer

    @extend_schema(
        summary="Show a team's record against another team of its league",
        description="Played fixtures whose result stands, forfeits left out, across the league's seasons.",
        responses=TeamsHeadToHeadSerializer,
    )
    def get(self, request: Request, pk: int, other: int) -> Response:
        pair = head_to_head.teams_pair_get(team_id=pk, other_id=other)
        if pair is None:
            raise Http404
        team, rival = pair
        record = head_to_head.teams_head_to_head(team=team, other=rival)
        body = asdict(record) | {"team": pk, "other": other, "game": team.league.rule_system}
        return Response(TeamsHeadToHeadSerializer(body).data)


class CoachesHeadToHeadView(APIView):
    permission_classes = [ReadOnly]
    serializer_class = CoachesHeadToHeadSerializer

    @extend_schema(
        summary="Show a coach's record against another coach, per game",
        description=(
            "Every league of each game, through the teams they coach now; played fixtures whose "
            "result stands, forfeits left out."
        ),
        responses=CoachesHeadToHeadSerializer,
    )
    def get(self, request: Request, pk: int, other: int) -> Response:
        coach = head_to_head.coach_get(coach_id=pk)
        rival = head_to_head.coach_get(coach_id=other)
        if coach is None or rival is None or coach == rival:
            raise Http404
        records = head_to_head.coaches_head_to_head(coach=coach, other=rival)
        body = {"coach": pk, "other": other, "games": [asdict(r) for r in records]}
        return Response(CoachesHeadToHeadSerializer(body).data)
