"""A season's champion market (``/betting/leagues/<id>/seasons/<season id>/champion/``): each
team's title chance and price, the teams closed, and a slip for a signed-in user with a wallet.
Anyone may read it; it prints as a sheet."""

from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from betting import futures, selectors
from betting.errors import BettingRefused
from betting.forms import ChampionSlipForm
from betting.league_settings import settings_of
from betting.models import BettingSettings
from betting.views.access import league_get
from core.forms import add_service_errors
from forecasts.services import forecast_ensure
from league import roles


@dataclass(frozen=True)
class Row:
    team: Any
    line: futures.ChampionLine


def _rows(quote: futures.ChampionQuote | None) -> list[Row]:
    if quote is None:
        return []
    teams = selectors.teams_by_id([line.team_id for line in quote.lines])
    return [Row(teams[line.team_id], line) for line in quote.lines if line.team_id in teams]


def _form(rows: list[Row], settings: BettingSettings, data=None) -> ChampionSlipForm:
    teams = [(row.line.outcome, row.team.name) for row in rows if not row.line.eliminated]
    return ChampionSlipForm(data, teams=teams, settings=settings)


def _render(request, league, season, settings, *, form=None, status=200) -> HttpResponse:
    quote = None
    if settings.mode != BettingSettings.Mode.OFF:
        forecast_ensure(season=season)
        quote = futures.champion_quote(season, settings)
    rows = _rows(quote)
    wallet = selectors.wallet_find(request.user, league)
    is_commissioner = roles.is_commissioner(request.user, league)
    may_bet = (
        quote is not None
        and not quote.closed
        and quote.refusal is None
        and wallet is not None
        and not is_commissioner
        and any(not row.line.eliminated for row in rows)
    )
    context = {
        "league": league,
        "season": season,
        "settings": settings,
        "quote": quote,
        "rows": rows,
        "wallet": wallet,
        "is_commissioner": is_commissioner,
        "form": (form or _form(rows, settings)) if may_bet else None,
        "my_bets": selectors.champion_bets_of(request.user, season),
    }
    return render(request, "betting/champion.html", context, status=status)


@require_http_methods(["GET", "HEAD"])
def champion_market(request: HttpRequest, pk: int, season_id: int) -> HttpResponse:
    league = league_get(pk)
    season = selectors.league_season(league, season_id)
    if season is None:
        raise Http404("no such season in this league")
    return _render(request, league, season, settings_of(league))


@require_http_methods(["POST"])
@login_required
def champion_slip(request: HttpRequest, pk: int, season_id: int) -> HttpResponse:
    """Place the slip's bet (``futures.champion_bet_place``); refused, the page again with
    the refusal on the slip (400)."""
    league = league_get(pk)
    season = selectors.league_season(league, season_id)
    if season is None:
        raise Http404("no such season in this league")
    settings = settings_of(league)
    quote = futures.champion_quote(season, settings)
    form = _form(_rows(quote), settings, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            bet, _created = futures.champion_bet_place(
                user=request.user,
                season_id=season.pk,
                outcome=data["outcome"],
                stake=data["stake"],
                price=selectors.price_or_none(
                    request.POST.get(f"champion-price-{data['outcome']}")
                ),
                idempotency_key=data["idempotency_key"] or None,
            )
        except BettingRefused as refusal:
            add_service_errors(form, refusal)
        else:
            messages.success(
                request,
                _("Bet #%(number)s placed: %(stake)s coins on %(team)s to be champion.")
                % {"number": bet.pk, "stake": bet.stake, "team": bet.team.name},
            )
            return redirect(reverse("betting:champion", args=[league.pk, season.pk]))
    return _render(request, league, season, settings, form=form, status=400)
