"""A league's betting page (its mode, the open fixtures by round with each outcome's odds and
a slip) and its bettors' leaderboard. Anyone may read both."""

from itertools import groupby

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from betting import odds, pages_selectors, selectors
from betting.league_settings import settings_of
from betting.models import BettingSettings
from betting.views.access import league_get
from betting.views.market import market_build
from league import roles


def _wallet_context(request: HttpRequest, league) -> dict:
    wallet = pages_selectors.wallet_find(request.user, league)
    return {
        "wallet": wallet,
        "open_stakes": selectors.open_stakes(wallet) if wallet is not None else 0,
    }


@require_GET
def league_betting(request: HttpRequest, pk: int) -> HttpResponse:
    league = league_get(pk)
    settings = settings_of(league)
    context = {
        "league": league,
        "settings": settings,
        "is_commissioner": roles.is_commissioner(request.user, league),
        "rounds": [],
        **_wallet_context(request, league),
    }
    if settings.mode != BettingSettings.Mode.OFF:
        fixtures = list(pages_selectors.open_fixtures(league))
        mine = pages_selectors.open_bets_by_fixture(request.user, fixtures)
        pools = (
            odds.pool_totals_by_fixture([fixture.pk for fixture in fixtures])
            if settings.mode == BettingSettings.Mode.POOL
            else None
        )
        seasons = {fixture.season_id for fixture in fixtures}
        for (_season, number), group in groupby(
            fixtures, key=lambda fixture: (fixture.season_id, fixture.round)
        ):
            markets = []
            for fixture in group:
                fixture.season.league = league  # loaded once: no query per fixture
                markets.append(
                    market_build(
                        request,
                        fixture,
                        settings,
                        wallet=context["wallet"],
                        my_bets=mine.get(fixture.pk, []),
                        where="league",
                        pool_totals=pools.get(fixture.pk, {}) if pools is not None else None,
                    )
                )
            context["rounds"].append(
                {"number": number, "season": markets[0].fixture.season, "markets": markets}
            )
        context["several_seasons"] = len(seasons) > 1
    return render(request, "betting/league.html", context)


@require_GET
def bettors(request: HttpRequest, pk: int) -> HttpResponse:
    """The league's bettors by what they hold (balance and open stakes)."""
    league = league_get(pk)
    context = {
        "league": league,
        "settings": settings_of(league),
        "is_commissioner": roles.is_commissioner(request.user, league),
        "rows": selectors.leaderboard(league),
    }
    return render(request, "betting/bettors.html", context)
