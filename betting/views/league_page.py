"""A league's betting page (its mode, one round of open fixtures with each outcome's odds and
a slip), its bettors' leaderboard and the list of leagues that take bets. Anyone may read them."""

from itertools import groupby
from operator import itemgetter

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from betting import odds, selectors
from betting.league_settings import settings_of
from betting.models import BettingSettings
from betting.views.access import league_get
from betting.views.market import market_build
from core.htmx import page_or_fragment
from league import roles
from matches.season_rounds import RoundSummary, round_choose, round_summaries

ROUND_FRAGMENT = "round-fixtures"
"""The id of the shown round's block, which the round links swap alone with htmx."""


def _wallet_context(request: HttpRequest, league) -> dict:
    wallet = selectors.wallet_find(request.user, league)
    return {
        "wallet": wallet,
        "open_stakes": selectors.open_stakes(wallet) if wallet is not None else 0,
    }


def _open_rounds(index: list[tuple]) -> list[RoundSummary]:
    """The rounds of the open fixtures, season by season."""
    rounds: list[RoundSummary] = []
    for season_id, rows in groupby(index, key=itemgetter(1)):
        light = [(pk, number, kickoff, status) for pk, _season, number, kickoff, status in rows]
        rounds += round_summaries(light, season_id=season_id)
    return rounds


@require_GET
def league_betting(request: HttpRequest, pk: int) -> HttpResponse:
    """The league's betting page: one round of open fixtures at a time (``?season=S&round=N``,
    the next round by default), each with its market; the same links as the league page's."""
    league = league_get(pk)
    settings = settings_of(league)
    context = {
        "league": league,
        "settings": settings,
        "is_commissioner": roles.is_commissioner(request.user, league),
        "rounds": [],
        "markets": [],
        **_wallet_context(request, league),
    }
    if settings.mode != BettingSettings.Mode.OFF:
        context["champion_seasons"] = selectors.seasons_taking_champion_bets(league)
        rounds = _open_rounds(selectors.open_fixture_index(league))
        choice = round_choose(rounds, request.GET.get("round"), season=request.GET.get("season"))
        shown = choice.shown
        fixtures = (
            selectors.open_fixtures_of_round(league, season_id=shown.season_id, round=shown.number)
            if shown is not None
            else []
        )
        mine = selectors.open_bets_by_fixture(request.user, fixtures)
        pools = (
            odds.pool_totals_by_fixture([fixture.pk for fixture in fixtures])
            if settings.mode == BettingSettings.Mode.POOL
            else None
        )
        for fixture in fixtures:
            fixture.season.league = league  # loaded once: no query per fixture
            context["markets"].append(
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
        context |= {
            "rounds": rounds,
            "round_choice": choice,
            "round": shown,
            "round_season": fixtures[0].season if fixtures else None,
            "several_seasons": len({r.season_id for r in rounds}) > 1,
        }
    template = page_or_fragment(
        request, "betting/league.html", ROUND_FRAGMENT, target=ROUND_FRAGMENT
    )
    return render(request, template, context)


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


@require_GET
def leagues_taking_bets(request: HttpRequest) -> HttpResponse:
    """The leagues that take bets: a page, or its list alone for the home page's htmx."""
    template = page_or_fragment(request, "betting/leagues_taking_bets.html", "leagues-list")
    return render(request, template, {"leagues": selectors.leagues_taking_bets()})
