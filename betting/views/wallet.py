"""A user's wallet in a league: balance, open stakes, the balance over time and the
statement, newest entry first."""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from betting import charts, pages_selectors, selectors
from betting.forms import outcome_label
from betting.league_settings import settings_of
from betting.views.access import league_get

PER_PAGE = 25


def _line(entry) -> dict:
    bet = selectors.bet_of(entry)
    return {
        "entry": entry,
        "time": entry.transaction.created_at,
        "reason": entry.transaction.get_reason_display(),
        "bet": bet,
        "fixture": bet.fixture if bet is not None else entry.transaction.fixture,
        "pick": outcome_label(bet.outcome, bet.fixture) if bet is not None else "",
    }


@require_GET
@login_required
def wallet_statement(request: HttpRequest, pk: int) -> HttpResponse:
    league = league_get(pk)
    wallet = pages_selectors.wallet_find(request.user, league)
    context = {"league": league, "settings": settings_of(league), "wallet": wallet}
    if wallet is not None:
        page = Paginator(selectors.statement(wallet), PER_PAGE).get_page(request.GET.get("page"))
        history = selectors.balance_history(wallet)
        context |= {
            "open_stakes": selectors.open_stakes(wallet),
            "page": page,
            "lines": [_line(entry) for entry in page.object_list],
            "history": history,
            "chart": charts.balance_chart(history),
        }
    return render(request, "betting/wallet.html", context)
