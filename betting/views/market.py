"""One fixture's market as the pages draw it: each outcome's odds, and what the user may do
(a slip, a wallet to open, sign in, or only read). The league page draws one per open
fixture, the fixture page one in its betting panel; the slip's answers draw it again."""

from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from betting import odds, selectors
from betting.forms import BetSlipForm, outcome_label
from betting.models import Bet, BettingSettings
from league import roles
from ledger.models import Account
from matches.models import Fixture

PRICE_FIELD = "price-{outcome}"
"""The hidden field (after the slip's prefix) carrying the price the user saw."""
WHERE = ("league", "fixture")
"""The pages a market is drawn on: on the league's betting page a bet also updates the
wallet summary at the top of the page."""


@dataclass
class Market:
    fixture: Fixture
    settings: BettingSettings
    quote: odds.Quote | None
    outcomes: list[dict[str, Any]]
    open: bool
    is_commissioner: bool
    wallet: Account | None
    form: BetSlipForm | None
    here: str
    where: str
    my_bets: list[Bet] = field(default_factory=list)
    notice: str = ""
    notice_failed: bool = False
    open_stakes: int | None = None
    balance_moved: bool = False
    """A bet was just placed: the page's other slips are sent the wallet's new balance."""

    @property
    def fixed(self) -> bool:
        return self.settings.mode == BettingSettings.Mode.FIXED

    @property
    def may_bet(self) -> bool:
        return (
            self.open and not self.is_commissioner and self.wallet is not None and bool(self.quote)
        )


def outcome_rows(fixture: Fixture, quote: odds.Quote | None) -> list[dict[str, Any]]:
    """Each outcome in words with its price and chance (fixed odds) or its pool and the
    current estimate (a pool)."""
    rows = []
    for outcome in odds.outcomes_of(fixture):
        offered = quote.outcomes.get(outcome, {}) if quote else {}
        probability = offered.get("probability")
        rows.append(
            {
                "code": outcome,
                "label": outcome_label(outcome, fixture),
                "price": selectors.price_or_none(offered.get("price")),
                "chance": probability * 100 if probability is not None else None,
                "pool": offered.get("pool"),
            }
        )
    return rows


def slip_form(fixture: Fixture, settings: BettingSettings, data=None) -> BetSlipForm:
    form = BetSlipForm(data, fixture=fixture, outcomes=odds.outcomes_of(fixture), settings=settings)
    preview = reverse("betting:slip_preview", args=[fixture.pk])
    target = f"#payout-{fixture.pk}"
    live = {
        "hx-get": preview,
        "hx-target": target,
        "hx-swap": "innerHTML",
        "hx-include": "closest form",
        "hx-params": "not csrfmiddlewaretoken",
        "hx-sync": "this:replace",
    }
    form.fields["outcome"].widget.attrs.update(live | {"hx-trigger": "change"})
    form.fields["stake"].widget.attrs.update(
        live
        | {
            "hx-trigger": "input changed delay:300ms, keyup changed delay:300ms",
            "aria-describedby": f"{form['stake'].auto_id}_helptext payout-{fixture.pk}",
        }
    )
    return form


def market_build(
    request: HttpRequest,
    fixture: Fixture,
    settings: BettingSettings,
    *,
    wallet: Account | None,
    form: BetSlipForm | None = None,
    my_bets: list[Bet] | None = None,
    here: str = "",
    where: str = "fixture",
    notice: str = "",
    notice_failed: bool = False,
    pool_totals: dict[str, int] | None = None,
) -> Market:
    """The market of ``fixture`` for ``request.user``; a fresh slip unless ``form`` is given
    (one sent back with its errors). A page of markets passes each pool's ``pool_totals``,
    read for all its fixtures at once."""
    quote = odds.quote(fixture, settings, totals=pool_totals)
    is_open = fixture.status == Fixture.Status.SCHEDULED and fixture.kickoff > timezone.now()
    market = Market(
        fixture=fixture,
        settings=settings,
        quote=quote,
        outcomes=outcome_rows(fixture, quote),
        open=is_open,
        is_commissioner=roles.is_commissioner(request.user, fixture.season.league),
        wallet=wallet,
        form=None,
        here=here or request.get_full_path(),
        where=where if where in WHERE else "fixture",
        my_bets=my_bets or [],
        notice=notice,
        notice_failed=notice_failed,
    )
    if market.may_bet:
        market.form = form or slip_form(fixture, settings)
    return market
