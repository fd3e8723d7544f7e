"""A user's wallet in a league: balance, open stakes, the balance over time and the
statement, newest entry first."""

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from betting import charts, reasons, selectors
from betting.events import score
from betting.forms import bet_pick
from betting.league_settings import settings_of
from betting.views.access import league_get
from matches.models import ResultCorrection

PER_PAGE = 25


def _reason(entry) -> str:
    """What moved the coins, in words; a payout reversed or paid again by a result's
    correction or void says which result changed and how."""
    link = getattr(entry.transaction, "betting_link", None)
    settlement = link.settlement if link is not None else None
    reason = entry.transaction.reason
    correction = None
    if settlement is not None and reason == reasons.REVERSAL:
        correction = settlement.reversed_by
    elif settlement is not None and reason == reasons.SETTLEMENT:
        correction = settlement.correction
    if correction is None or entry.transaction.fixture is None:
        return entry.transaction.get_reason_display()
    fixture = entry.transaction.fixture
    words = {
        "home": fixture.home.name,
        "away": fixture.away.name,
        "before": score(correction.before),
        "after": score(correction.after),
    }
    if reason == reasons.SETTLEMENT:
        return (
            _(
                "Bets settled again: the result of %(home)s v %(away)s was corrected from "
                "%(before)s to %(after)s"
            )
            % words
        )
    if correction.kind == ResultCorrection.Kind.VOIDED:
        return _("Payout reversed: the result of %(home)s v %(away)s (%(before)s) was voided") % (
            words
        )
    return (
        _(
            "Payout reversed: the result of %(home)s v %(away)s was corrected from %(before)s to "
            "%(after)s"
        )
        % words
    )


def _line(entry) -> dict:
    bet = selectors.bet_of(entry)
    return {
        "entry": entry,
        "time": entry.transaction.created_at,
        "reason": _reason(entry),
        "bet": bet,
        "fixture": bet.fixture if bet is not None else entry.transaction.fixture,
        "pick": bet_pick(bet) if bet is not None else "",
        "season": _season_of(entry, bet),
    }


def _season_of(entry, bet):
    """The season whose champion market the entry concerns (``None``: a fixture's)."""
    if bet is not None:
        return bet.season
    link = getattr(entry.transaction, "betting_link", None)
    return link.settlement.season if link is not None and link.settlement else None


@require_GET
@login_required
def wallet_statement(request: HttpRequest, pk: int) -> HttpResponse:
    league = league_get(pk)
    wallet = selectors.wallet_find(request.user, league)
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
