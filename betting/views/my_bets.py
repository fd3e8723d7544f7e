"""A user's bets in every league, open and settled, and cancelling an open one."""

from itertools import groupby

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from betting import bets, selectors
from betting.errors import BettingRefused
from betting.forms import bet_pick
from betting.league_settings import settings_of
from betting.models import Bet
from betting.views.access import back_to
from matches.models import Fixture


def _cancellable(bet: Bet, allow_cancel: bool) -> bool:
    """Whether to offer the cancel button; the service decides when it is pressed."""
    fixture = bet.fixture
    return (
        fixture is not None
        and allow_cancel
        and bet.status == Bet.Status.OPEN
        and fixture.status == Fixture.Status.SCHEDULED
        and fixture.kickoff > timezone.now()
    )


@require_GET
@login_required
def my_bets(request: HttpRequest) -> HttpResponse:
    balances = {wallet.league_id: wallet for wallet in selectors.wallets_of(request.user)}
    leagues = []
    for _league_id, group in groupby(
        selectors.bets_of(request.user), key=lambda bet: bet.wallet.league_id
    ):
        rows = list(group)
        league = rows[0].wallet.league
        allow_cancel = settings_of(league).allow_cancel
        leagues.append(
            {
                "league": league,
                "wallet": balances.get(league.pk),
                "open": [
                    {
                        "bet": bet,
                        "pick": bet_pick(bet),
                        "cancellable": _cancellable(bet, allow_cancel),
                    }
                    for bet in rows
                    if bet.status == Bet.Status.OPEN
                ],
                "closed": [
                    {"bet": bet, "pick": bet_pick(bet)}
                    for bet in rows
                    if bet.status != Bet.Status.OPEN
                ],
            }
        )
    betting_leagues = [wallet.league for wallet in balances.values()]
    without_bets = [
        league
        for league in betting_leagues
        if league.pk not in {row["league"].pk for row in leagues}
    ]
    return render(
        request, "betting/my_bets.html", {"leagues": leagues, "without_bets": without_bets}
    )


@require_POST
@login_required
def bet_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    """Cancel one of the user's open bets (``bets.bet_cancel``): the stake comes back."""
    try:
        bet = bets.bet_cancel(user=request.user, bet_id=pk)
    except Bet.DoesNotExist:
        raise Http404 from None
    except BettingRefused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(
            request,
            _("Bet cancelled: %(stake)s coins on %(pick)s are back in your wallet.")
            % {"stake": bet.stake, "pick": bet_pick(bet)},
        )
    return redirect(back_to(request, reverse("betting:my_bets")))
