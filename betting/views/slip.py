"""A fixture's betting panel (loaded by htmx on the fixture page), the slip's live payout
preview, placing a bet from the slip, and opening a wallet.

Every answer to htmx is the market fragment (``betting/market.html``) or the preview's text;
without htmx the slip and the wallet button post plain forms and come back to the page."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from betting import bets, calibration, charts, odds, selectors
from betting.errors import BettingRefused
from betting.forms import outcome_label
from betting.league_settings import settings_of
from betting.models import BettingSettings
from betting.views.access import back_to, here, league_get
from betting.views.market import PRICE_FIELD, market_build, slip_form
from matches.models import Fixture


def _betting_fixture(pk: int) -> tuple[Fixture, BettingSettings]:
    """The fixture and its league's settings; 404 when the league does not bet."""
    fixture = selectors.fixture_get(pk)
    if fixture is None:
        raise Http404
    settings = settings_of(fixture.season.league)
    if settings.mode == BettingSettings.Mode.OFF:
        raise Http404
    return fixture, settings


def _price_seen(form, outcome: str):
    """The price the slip showed for ``outcome`` (its hidden field), if it sent one."""
    seen = form.data.get(form.add_prefix(PRICE_FIELD.format(outcome=outcome)))
    return selectors.price_or_none(seen) if seen is not None else None


def _render_market(request: HttpRequest, market, *, status: int = 200) -> HttpResponse:
    template = "betting/market.html" if request.htmx else "betting/slip_page.html"
    # A market of the league's page keeps its card's title (teams and kick-off) when swapped.
    context = {"market": market, "heading": "h3", "show_title": market.where == "league"}
    return render(request, template, context, status=status)


@require_GET
def fixture_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The fixture page's betting panel: empty when the league does not bet."""
    fixture = selectors.fixture_get(pk)
    if fixture is None:
        raise Http404
    settings = settings_of(fixture.season.league)
    if settings.mode == BettingSettings.Mode.OFF:
        return HttpResponse("")
    market = market_build(
        request,
        fixture,
        settings,
        wallet=selectors.wallet_find(request.user, fixture.season.league),
        my_bets=selectors.fixture_bets_of(request.user, fixture),
        here=here(request),
    )
    against = calibration.odds_against_result(fixture)
    context = {
        "market": market,
        "heading": "h3",
        "odds_result": against,
        "odds_result_chart": charts.odds_result_chart(
            f"{fixture.home.name} – {fixture.away.name}", against
        ),
    }
    return render(request, "betting/fixture_panel.html", context)


@require_GET
def slip_preview(request: HttpRequest, pk: int) -> HttpResponse:
    """What the slip as typed would pay if it wins (the text of its ``<output>``), or, for a
    signed-in user, the refusal ``bets.bet_place`` would answer (``bets.bet_check``)."""
    fixture, settings = _betting_fixture(pk)
    form = slip_form(fixture, settings, request.GET)
    outcome, stake = form.preview_values()
    picked = outcome in odds.outcomes_of(fixture)
    refusal = ""
    if picked and stake is not None and request.user.is_authenticated:
        try:
            bets.bet_check(
                user=request.user,
                fixture_id=fixture.pk,
                outcome=outcome,
                stake=stake,
                price=_price_seen(form, outcome),
            )
        except BettingRefused as refused:
            refusal = refused.message
    quote = odds.quote(fixture, settings)
    context = {
        "fixed": settings.mode == BettingSettings.Mode.FIXED,
        "stake": stake,
        "pick": outcome_label(outcome, fixture) if picked else "",
        "refusal": refusal,
        "payout": selectors.payout_preview(fixture, settings, quote, outcome, stake or 0),
    }
    return render(request, "betting/payout.html", context)


@require_POST
@login_required
def slip_place(request: HttpRequest, pk: int) -> HttpResponse:
    """Place the slip's bet through ``bets.bet_place``; a refusal shows in words next to the
    field it concerns and nothing is written."""
    fixture, settings = _betting_fixture(pk)
    league = fixture.season.league
    form = slip_form(fixture, settings, request.POST)
    placed = None
    if form.is_valid():
        outcome = form.cleaned_data["outcome"]
        try:
            placed, created = bets.bet_place(
                user=request.user,
                fixture_id=fixture.pk,
                outcome=outcome,
                stake=form.cleaned_data["stake"],
                price=_price_seen(form, outcome),
                idempotency_key=form.cleaned_data["idempotency_key"] or None,
            )
        except BettingRefused as refusal:
            form.add_error(refusal.field if refusal.field in form.fields else None, refusal.message)
    notice = ""
    if placed is not None:
        notice = _placed_notice(placed, fixture)
        if not created:
            notice = _("This bet was already placed.") + " " + notice
        if not request.htmx:
            messages.success(request, notice)
            return redirect(back_to(request, reverse("betting:league", args=[league.pk])))
        form = None
        fixture = selectors.fixture_get(pk)  # the pool and the market as they are now
    market = market_build(
        request,
        fixture,
        settings,
        wallet=selectors.wallet_find(request.user, league),
        form=form,
        my_bets=selectors.fixture_bets_of(request.user, fixture),
        here=back_to(request, here(request)),
        where=request.POST.get("where", "fixture"),
        notice=notice,
    )
    if form is not None and form.errors and market.form is not form:
        # No slip to draw the refusal on (a commissioner, a closed fixture): say it above.
        market.notice = " ".join(message for errors in form.errors.values() for message in errors)
        market.notice_failed = True
    market.balance_moved = placed is not None
    if market.where == "league" and market.wallet is not None:
        market.open_stakes = selectors.open_stakes(market.wallet)  # the page's wallet summary
    return _render_market(request, market, status=200 if placed or request.htmx else 400)


def _placed_notice(bet, fixture: Fixture) -> str:
    pick = outcome_label(bet.outcome, fixture)
    if bet.potential_payout is not None:
        return _(
            "Bet placed: %(stake)s coins on %(pick)s at %(price)s. It pays %(payout)s coins "
            "if it wins."
        ) % {
            "stake": bet.stake,
            "pick": pick,
            "price": number_format(bet.price, decimal_pos=2),
            "payout": bet.potential_payout,
        }
    return _("Bet placed: %(stake)s coins on %(pick)s, paid from the pool if it wins.") % {
        "stake": bet.stake,
        "pick": pick,
    }


@require_POST
@login_required
def wallet_open(request: HttpRequest, pk: int) -> HttpResponse:
    """Open the user's wallet in the league with its starting grant (``bets.wallet_open``)."""
    league = league_get(pk)
    try:
        wallet, opened = bets.wallet_open(user=request.user, league=league)
    except BettingRefused as refusal:
        notice, ok = refusal.message, False
    else:
        ok = True
        notice = (
            _("Your wallet is open with %(coins)s coins.") % {"coins": wallet.balance}
            if opened
            else _("Your wallet was already open.")
        )
    fixture_id = request.POST.get("fixture", "")
    if request.htmx and fixture_id.isdigit():
        fixture = selectors.fixture_get(int(fixture_id))
        if fixture is None or fixture.season.league_id != league.pk:
            raise Http404
        market = market_build(
            request,
            fixture,
            settings_of(league),
            wallet=selectors.wallet_find(request.user, league),
            my_bets=selectors.fixture_bets_of(request.user, fixture),
            here=back_to(request, here(request)),
            where=request.POST.get("where", "fixture"),
            notice=notice,
            notice_failed=not ok,
        )
        return _render_market(request, market)
    (messages.success if ok else messages.error)(request, notice)
    return redirect(back_to(request, reverse("betting:league", args=[league.pk])))
