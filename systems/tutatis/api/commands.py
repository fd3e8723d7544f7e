"""The Tutatis API's commands: set a roster, check a draft live, choose a team's list, roll a
match-day action (a result is entered through the workflow's views). One small view per command, calling one service."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.serializers import Serializer
from rest_framework.views import APIView

from core.api.permissions import ReadOnly
from systems.tutatis import selectors
from systems.tutatis.api import serializers as s
from systems.tutatis.services import matchday, rosters


def _found(row):
    """``row``, or 404 when the selector found none."""
    if row is None:
        raise NotFound
    return row


def _team(pk: int):
    return _found(selectors.tutatis_team(team_id=pk))


def _valid(serializer_class: type[Serializer], request: Request) -> Serializer:
    data = serializer_class(data=request.data)
    data.is_valid(raise_exception=True)
    return data


def _checked(verdict: dict) -> dict:
    """The check as the API answers it: the broken rules, and the budget beside them."""
    return {**verdict["check"].to_dict(), "budget": verdict["budget"]}


def _roster_out(team) -> dict:
    players = selectors.players_of(team=team)
    check = _checked(selectors.roster_check(team=team, players=players))
    return s.TutatisRosterOutSerializer({"players": players, "check": check}).data


class RosterView(APIView):
    permission_classes = [ReadOnly | IsAuthenticated]

    @extend_schema(
        summary="A Tutatis team's roster with the team-building check",
        responses=s.TutatisRosterOutSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        return Response(_roster_out(_team(pk)))

    @extend_schema(
        summary="Set a Tutatis roster (counts per list entry); refused naming every broken rule",
        request=s.TutatisRosterSerializer,
        responses=s.TutatisRosterOutSerializer,
    )
    def put(self, request: Request, pk: int) -> Response:
        team = _team(pk)
        counts = _valid(s.TutatisRosterSerializer, request).counts()
        rosters.roster_set(user=request.user, team=team, counts=counts)
        return Response(_roster_out(team))


class RosterCheckView(APIView):
    permission_classes = [ReadOnly | IsAuthenticated]

    @extend_schema(
        summary="Check a draft roster against the team-building rules (nothing is saved)",
        request=s.TutatisRosterSerializer,
        responses=s.TutatisCheckSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        team = _team(pk)
        counts = _valid(s.TutatisRosterSerializer, request).counts()
        draft, _fired = rosters.roster_draft(team=team, counts=counts)
        return Response(_checked(selectors.roster_check(team=team, players=draft)))


class TeamListChooseView(APIView):
    permission_classes = [ReadOnly | IsAuthenticated]

    @extend_schema(
        summary="Choose the list a Tutatis team hires from",
        request=s.TutatisTeamListChooseSerializer,
        responses=s.TutatisRosterOutSerializer,
    )
    def post(self, request: Request, pk: int) -> Response:
        team = _team(pk)
        chosen = _valid(s.TutatisTeamListChooseSerializer, request).validated_data["team_list"]
        team_list = _found(selectors.team_list_get(team_list_id=chosen))
        rosters.team_list_choose(user=request.user, team=team, team_list=team_list)
        return Response(_roster_out(team))


class FixtureRollView(APIView):
    permission_classes = [ReadOnly | IsAuthenticated]

    @extend_schema(
        summary="Roll a match-day action (weather, kick-off checks, tackle, shot, "
        "foul, fall, injury, test); the roll is stored with every die",
        request=s.TutatisRollInputSerializer,
        responses={201: s.TutatisMatchRollSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        fixture = _found(selectors.fixture_get(pk=pk))
        inputs = dict(_valid(s.TutatisRollInputSerializer, request).validated_data)
        action = inputs.pop("action")
        roll = matchday.match_roll(user=request.user, fixture=fixture, action=action, inputs=inputs)
        return Response(s.TutatisMatchRollSerializer(roll).data, status=status.HTTP_201_CREATED)
