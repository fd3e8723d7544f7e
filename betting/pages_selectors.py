"""Read-side queries the betting pages need beside ``betting.selectors``: the fixtures still
open for bets, a user's wallet and bets, and the payout a slip would bring.

Nothing here writes; the arithmetic of a payout is the settlement's own (``payouts``), run on
bets that exist only in memory.
"""

from decimal import Decimal, InvalidOperation

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet
from django.db.models.functions import Now

from betting.models import Bet, BettingSettings
from betting.odds import Quote, pool_totals
from betting.settlement import payouts
from league.models import League
from ledger.models import Account
from matches.models import Fixture

FIXTURE_RELATED = ("season__league__commissioner", "home", "away")


def fixture_get(pk: int) -> Fixture | None:
    """One fixture with what its market needs (league, teams, stored odds)."""
    return Fixture.objects.select_related(*FIXTURE_RELATED, "odds").filter(pk=pk).first()


def open_fixtures(league: League) -> QuerySet[Fixture]:
    """The league's fixtures still taking bets: scheduled, kick-off ahead by the database's
    clock; by season, round and kick-off."""
    return (
        Fixture.objects.filter(
            season__league=league, status=Fixture.Status.SCHEDULED, kickoff__gt=Now()
        )
        .select_related(*FIXTURE_RELATED, "odds")
        .order_by("season_id", "round", "kickoff", "pk")
    )


def open_fixtures_of_round(league: League, *, season_id: int, round: int) -> list[Fixture]:
    """The league's fixtures still taking bets in one round of one season."""
    return list(open_fixtures(league).filter(season_id=season_id, round=round))


def open_fixture_index(league: League) -> list[tuple]:
    """The league's fixtures still taking bets as (id, season, round, kick-off, status), by
    season, round and kick-off: enough to sum up their rounds without loading them."""
    return list(
        open_fixtures(league)
        .select_related(None)
        .values_list("pk", "season_id", "round", "kickoff", "status")
    )


def wallet_find(user: User | AnonymousUser, league: League) -> Account | None:
    """The user's wallet in ``league``, or ``None`` (anonymous users have none)."""
    if not user.is_authenticated:
        return None
    return Account.objects.filter(league=league, kind=Account.Kind.WALLET, user=user).first()


def bets_of(user: User) -> QuerySet[Bet]:
    """Every bet of the user, by league, newest first."""
    return (
        Bet.objects.filter(user=user)
        .select_related(
            "wallet__league__betting", "fixture__home", "fixture__away", "fixture__season"
        )
        .order_by("wallet__league__name", "wallet__league_id", "-placed_at", "-pk")
    )


def fixture_bets_of(user: User | AnonymousUser, fixture: Fixture) -> list[Bet]:
    """The user's bets on one fixture, newest first."""
    if not user.is_authenticated:
        return []
    return list(Bet.objects.filter(user=user, fixture=fixture).order_by("-placed_at", "-pk"))


def open_bets_by_fixture(
    user: User | AnonymousUser, fixtures: list[Fixture]
) -> dict[int, list[Bet]]:
    """The user's bets on each of ``fixtures`` (one query), newest first."""
    if not user.is_authenticated or not fixtures:
        return {}
    found: dict[int, list[Bet]] = {}
    for bet in Bet.objects.filter(user=user, fixture__in=fixtures).order_by("-placed_at", "-pk"):
        found.setdefault(bet.fixture_id, []).append(bet)
    return found


def price_or_none(value: object) -> Decimal | None:
    """A price as the page sent it back (``"1.85"``), or ``None`` when it is not one."""
    if value in (None, ""):
        return None
    try:
        price = Decimal(str(value))
    except InvalidOperation:
        return None
    return price if price.is_finite() and price > 0 else None


def payout_preview(
    fixture: Fixture, settings: BettingSettings, quote: Quote | None, outcome: str, stake: int
) -> int | None:
    """What ``stake`` on ``outcome`` would pay if it wins, as the market stands: fixed odds
    ``floor(stake × price)``; a pool, the share the settlement would pay were it settled now
    with this stake in it. ``None`` when there is no price to say it."""
    if stake <= 0 or quote is None or outcome not in quote.outcomes:
        return None
    if quote.market == BettingSettings.Mode.FIXED:
        price = quote.price(outcome)
        return Bet(stake=stake, price=price).potential_payout if price is not None else None
    pool = [
        Bet(pk=-index - 1, outcome=name, stake=total, price=None)
        for index, (name, total) in enumerate(pool_totals(fixture).items())
        if total
    ]
    mine = Bet(pk=0, outcome=outcome, stake=stake, price=None)
    paid = payouts([*pool, mine], outcome, settings.house_cut_percent)
    return next(payout.amount for payout in paid if payout.bet is mine)
