"""The betting API: settings, wallets, odds, bets, the leaderboard and the book.

Each view is thin: it finds the league, fixture or bet, asks one service or selector and
shapes the answer. Refusals (``betting.errors``) answer in the project's error shape.
"""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import generics, mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from betting import bets, futures, league_settings, odds, selectors
from betting.api import serializers as s
from betting.errors import BettingRefused
from betting.models import Bet, BettingSettings, Market
from betting.selectors import payout_preview
from core.api.renderers import FORMAT_PARAMETER, CSVListMixin
from forecasts import selectors as forecast_selectors
from forecasts.services import forecast_ensure
from league import selectors as league_selectors
from league.models import League
from league.roles import is_commissioner
from ledger.models import Entry
from matches import selectors as match_selectors


def _league(pk: int) -> League:
    return get_object_or_404(league_selectors.league_with_commissioner(), pk=pk)


class BettingSettingsView(APIView):
    """Anyone reads a league's betting settings; its commissioner changes them."""

    serializer_class = s.BettingSettingsSerializer

    @extend_schema(
        summary="Show a league's betting settings", responses=s.BettingSettingsSerializer
    )
    def get(self, request: Request, pk: int) -> Response:
        settings = league_settings.settings_of(_league(pk))
        return Response(s.BettingSettingsSerializer(settings).data)

    @extend_schema(
        summary="Change a league's betting settings (commissioner)",
        request=s.BettingSettingsSerializer,
        responses=s.BettingSettingsSerializer,
    )
    def patch(self, request: Request, pk: int) -> Response:
        league = _league(pk)
        if not is_commissioner(request.user, league):
            self.permission_denied(request)
        incoming = s.BettingSettingsSerializer(
            league_settings.settings_of(league), data=request.data, partial=True
        )
        incoming.is_valid(raise_exception=True)
        saved = league_settings.settings_save(league=league, values=dict(incoming.validated_data))
        return Response(s.BettingSettingsSerializer(saved).data)


def _wallet_body(wallet) -> dict:
    return {
        "league": wallet.league_id,
        "balance": wallet.balance,
        "open_stakes": selectors.open_stakes(wallet),
    }


class WalletView(APIView):
    """The caller's wallet in a league: ``POST`` opens it with the starting grant."""

    permission_classes = [IsAuthenticated]
    serializer_class = s.WalletSerializer

    @extend_schema(summary="Show my wallet in a league", responses=s.WalletSerializer)
    def get(self, request: Request, pk: int) -> Response:
        wallet = bets.wallet_of(request.user, _league(pk))
        return Response(_wallet_body(wallet))

    @extend_schema(
        summary="Open my wallet in a league (201; 200 when already open, no second grant)",
        request=None,
        responses={201: s.WalletSerializer, 200: s.WalletSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        wallet, opened = bets.wallet_open(user=request.user, league=_league(pk))
        code = status.HTTP_201_CREATED if opened else status.HTTP_200_OK
        return Response(_wallet_body(wallet), status=code)


@extend_schema(summary="My wallet's statement in a league, newest first")
class WalletEntriesView(generics.ListAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = s.EntrySerializer
    filter_backends: list = []

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Entry.objects.none()
        wallet = bets.wallet_of(self.request.user, _league(self.kwargs["pk"]))
        return selectors.statement(wallet)


class FixtureOddsView(APIView):
    serializer_class = s.FixtureOddsSerializer

    @extend_schema(summary="A fixture's odds", responses=s.FixtureOddsSerializer)
    def get(self, request: Request, pk: int) -> Response:
        fixture = get_object_or_404(match_selectors.fixture_with_league(), pk=pk)
        settings = league_settings.settings_of(fixture.season.league)
        if settings.mode == BettingSettings.Mode.OFF:
            raise BettingRefused("betting_off", "This league does not bet.")
        market = odds.quote(fixture, settings)
        if market is None:
            raise BettingRefused("no_odds", "No odds yet: a line-up is not complete.")
        return Response(
            {
                "fixture": fixture.pk,
                "market": market.market,
                "method": market.method,
                "computed_at": market.computed_at,
                "outcomes": market.outcomes,
            }
        )


class SeasonOddsView(APIView):
    serializer_class = s.SeasonOddsSerializer

    @extend_schema(
        summary="A season's champion market: each team's title chance and price",
        responses=s.SeasonOddsSerializer,
    )
    def get(self, request: Request, pk: int) -> Response:
        season = get_object_or_404(forecast_selectors.seasons(), pk=pk)
        settings = league_settings.settings_of(season.league)
        if settings.mode == BettingSettings.Mode.OFF:
            raise BettingRefused("betting_off", "This league does not bet.")
        forecast_ensure(season=season)
        market = futures.champion_quote(season, settings)
        if market is None:
            raise BettingRefused("no_odds", "No title chances yet: the season is not forecast.")
        body = {
            "season": season.pk,
            "market": market.market,
            "closed": market.closed,
            "computed_at": market.computed_at,
            "crowns_by_points": market.crowns_by_points,
            "refused": (
                None
                if market.refusal is None
                else {
                    "code": market.refusal.code,
                    "message": market.refusal.message,
                    "field": market.refusal.field,
                }
            ),
            "champion": market.lines,
        }
        return Response(s.SeasonOddsSerializer(body).data)


_BET_PLACE = s.BetPlaceSerializer()
_BET_OUT = s.BetSerializer()
"""One of each for every bet placed: their fields are bound once, not copied per request (a
serializer keeps no state between ``run_validation`` or ``to_representation`` calls)."""


@extend_schema_view(
    list=extend_schema(
        summary="My bets",
        parameters=[
            OpenApiParameter("league", int),
            OpenApiParameter("fixture", int),
            OpenApiParameter("season", int, description="Champion bets on this season."),
            OpenApiParameter("status", str, enum=Bet.Status.values),
            FORMAT_PARAMETER,
        ],
    ),
    retrieve=extend_schema(summary="One of my bets"),
    create=extend_schema(
        summary="Place a bet",
        request=s.BetPlaceSerializer,
        responses={201: s.BetSerializer, 200: s.BetSerializer},
        parameters=[OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER)],
    ),
)
class BetViewSet(
    CSVListMixin,
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.CreateModelMixin,
    viewsets.GenericViewSet,
):
    permission_classes = [IsAuthenticated]
    serializer_class = s.BetSerializer
    filter_backends: list = []

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Bet.objects.none()
        mine = selectors.bets_with_wallet(user=self.request.user)
        filters = (
            ("league", "wallet__league_id"),
            ("fixture", "fixture_id"),
            ("season", "season_id"),
        )
        for name, column in filters:
            value = self.request.query_params.get(name)
            if value is not None:
                if not value.isdigit() or len(value) > 18:
                    raise BettingRefused("invalid", f"{name}: give an id.", name)
                mine = mine.filter(**{column: int(value)})
        wanted = self.request.query_params.get("status")
        if wanted is not None:
            if wanted not in Bet.Status.values:
                raise BettingRefused(
                    "invalid", f"status: one of {', '.join(Bet.Status.values)}.", "status"
                )
            mine = mine.filter(status=wanted)
        return mine.order_by("-placed_at", "-pk")

    def create(self, request: Request, *args, **kwargs) -> Response:
        data = _BET_PLACE.run_validation(request.data)  # as is_valid(raise_exception=True)
        key = request.headers.get("Idempotency-Key") or None
        if key is not None and len(key) > 100:
            raise BettingRefused(
                "invalid", "Idempotency-Key: at most 100 characters.", "Idempotency-Key"
            )
        if data["market"] == Market.CHAMPION:
            bet, created = futures.champion_bet_place(
                user=request.user,
                season_id=data["season"],
                outcome=data["outcome"],
                stake=data["stake"],
                price=data.get("price"),
                idempotency_key=key,
            )
        else:
            bet, created = bets.bet_place(
                user=request.user,
                fixture_id=data["fixture"],
                outcome=data["outcome"],
                stake=data["stake"],
                price=data.get("price"),
                idempotency_key=key,
            )
        code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
        return Response(_BET_OUT.to_representation(bet), status=code)

    @extend_schema(
        summary="Check a bet without placing it",
        description="The same checks as placing it, in the same order, with the same refusal "
        "codes; nothing is written. Nothing is reserved either: the bet may still be refused "
        "when placed.",
        request=s.BetPlaceSerializer,
        responses=s.BetCheckSerializer,
    )
    @action(detail=False, methods=["post"])
    def check(self, request: Request) -> Response:
        data = _BET_PLACE.run_validation(request.data)
        if data["market"] == Market.CHAMPION:
            return self._check_champion(request, data)
        price = bets.bet_check(
            user=request.user,
            fixture_id=data["fixture"],
            outcome=data["outcome"],
            stake=data["stake"],
            price=data.get("price"),
        )
        fixture = match_selectors.fixture_with_league().get(pk=data["fixture"])
        settings = league_settings.settings_of(fixture.season.league)
        quote = odds.quote(fixture, settings)
        payout = payout_preview(fixture, settings, quote, data["outcome"], data["stake"])
        body = {key: data[key] for key in ("market", "fixture", "outcome", "stake")}
        body |= {"season": None, "price": price, "payout": payout}
        return Response(s.BetCheckSerializer(body).data)

    def _check_champion(self, request: Request, data: dict) -> Response:
        price = futures.champion_bet_check(
            user=request.user,
            season_id=data["season"],
            outcome=data["outcome"],
            stake=data["stake"],
            price=data.get("price"),
        )
        payout = futures.champion_payout_preview(
            season_id=data["season"], outcome=data["outcome"], stake=data["stake"], price=price
        )
        body = {key: data[key] for key in ("market", "season", "outcome", "stake")}
        body |= {"fixture": None, "price": price, "payout": payout}
        return Response(s.BetCheckSerializer(body).data)

    @extend_schema(
        summary="Cancel one of my bets before kick-off", request=None, responses=s.BetSerializer
    )
    @action(detail=True, methods=["post"])
    def cancel(self, request: Request, pk: str | None = None) -> Response:
        bet = self.get_object()
        return Response(s.BetSerializer(bets.bet_cancel(user=request.user, bet_id=bet.pk)).data)


class BettorsView(APIView):
    serializer_class = s.BettorSerializer

    @extend_schema(
        summary="A league's bettors leaderboard", responses=s.BettorSerializer(many=True)
    )
    def get(self, request: Request, pk: int) -> Response:
        return Response(s.BettorSerializer(selectors.leaderboard(_league(pk)), many=True).data)


class BookView(APIView):
    permission_classes = [IsAuthenticated]
    serializer_class = s.BookLineSerializer

    @extend_schema(
        summary="A league's book (commissioner)", responses=s.BookLineSerializer(many=True)
    )
    def get(self, request: Request, pk: int) -> Response:
        league = _league(pk)
        if not is_commissioner(request.user, league):
            self.permission_denied(request)
        return Response(s.BookLineSerializer(selectors.book(league), many=True).data)
