"""Read-side queries of the betting app: wallets, statements, the leaderboard, the book; the
fixtures still open for bets, a user's wallet and bets, and the payout a slip would bring.

Nothing here writes; the arithmetic of a payout is the settlement's own (``payouts``), run on
bets that exist only in memory.
"""

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, F, OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce, Now

from betting.models import Bet, BettingSettings
from betting.odds import Quote, pool_totals
from betting.settlement import payouts
from league.models import League
from ledger.models import Account, Entry
from matches.models import Fixture


def open_stakes(wallet: Account) -> int:
    return Bet.objects.filter(wallet=wallet, status=Bet.Status.OPEN).aggregate(
        total=Coalesce(Sum("stake"), 0)
    )["total"]


def statement(wallet: Account) -> QuerySet[Entry]:
    """The wallet's entries, newest first, each with its transaction and the bet it concerns
    (``bet_of``), or the settlement it paid or reversed with the correction behind it."""
    return (
        Entry.objects.filter(account=wallet)
        .select_related(
            "transaction__fixture__home",
            "transaction__fixture__away",
            "transaction__betting_link__bet__fixture__home",
            "transaction__betting_link__bet__fixture__away",
            "transaction__betting_link__bet__season",
            "transaction__betting_link__bet__team",
            "transaction__betting_link__settlement__reversed_by",
            "transaction__betting_link__settlement__correction",
            "transaction__betting_link__settlement__season",
        )
        .order_by("-transaction_id", "-pk")
    )


def bet_of(entry: Entry) -> Bet | None:
    """The bet an entry's transaction staked or gave back (``None``: it concerns no bet)."""
    link = getattr(entry.transaction, "betting_link", None)
    return link.bet if link is not None else None


def balance_history(wallet: Account) -> list[tuple[Any, int]]:
    """``(time, balance after)`` for each of the wallet's entries, oldest first."""
    rows = (
        Entry.objects.filter(account=wallet)
        .order_by("transaction_id", "pk")
        .values_list("transaction__created_at", "amount")
    )
    balance, history = 0, []
    for when, amount in rows:
        balance += amount
        history.append((when, balance))
    return history


def leagues_taking_bets(*, limit: int = 20) -> list[League]:
    """The leagues whose betting is on (fixed odds or a pool), by name, the first ``limit``:
    the welcome and home pages name them."""
    on = [BettingSettings.Mode.FIXED, BettingSettings.Mode.POOL]
    leagues = League.objects.filter(betting__mode__in=on).select_related("betting")
    return list(leagues.order_by("name", "pk")[:limit])


def wallets_of(user: User) -> QuerySet[Account]:
    return Account.objects.filter(user=user, kind=Account.Kind.WALLET).select_related("league")


def leaderboard(league: League) -> list[dict[str, Any]]:
    """Every bettor of the league by balance plus open stakes, then name; with their settled
    bets (won, lost or refunded) and the return on those bets' stakes, ``(paid back -
    staked) / staked`` in percent (``None`` without a settled bet). One query."""
    open_bet = Q(bets__status=Bet.Status.OPEN)
    settled = Q(bets__status__in=Bet.SETTLED)
    rows = (
        Account.objects.filter(league=league, kind=Account.Kind.WALLET)
        .select_related("user")
        .annotate(
            open_stakes=Coalesce(Sum("bets__stake", filter=open_bet), 0),
            bet_count=Count("bets", filter=~Q(bets__status=Bet.Status.CANCELLED)),
            won=Count("bets", filter=Q(bets__status=Bet.Status.WON)),
            settled_bets=Count("bets", filter=settled),
            settled_stakes=Coalesce(Sum("bets__stake", filter=settled), 0),
            settled_returns=Coalesce(Sum("bets__payout", filter=settled), 0),
            worth=F("balance") + Coalesce(Sum("bets__stake", filter=open_bet), 0),
            granted=Coalesce(Subquery(_grants()), 0),
        )
        .order_by("-worth", "user__username")
    )
    return [
        {
            "user": row.user.username,
            "balance": row.balance,
            "open_stakes": row.open_stakes,
            "bets": row.bet_count,
            "won": row.won,
            "profit": row.worth - row.granted,
            "settled_bets": row.settled_bets,
            "return_percent": _return_percent(row.settled_returns, row.settled_stakes),
        }
        for row in rows
    ]


def _return_percent(returns: int, stakes: int) -> float | None:
    """``(returns - stakes) / stakes`` in percent, to a tenth; ``None`` without stakes."""
    if not stakes:
        return None
    return round(100 * (returns - stakes) / stakes, 1)


def _grants() -> QuerySet[Entry]:
    return (
        Entry.objects.filter(account=OuterRef("pk"), transaction__reason="grant")
        .values("account")
        .annotate(total=Sum("amount"))
        .values("total")
    )


@dataclass(frozen=True)
class BookLine:
    fixture_id: int
    fixture: str
    home: str
    away: str
    kickoff: Any
    outcome: str
    bets: int
    staked: int
    liability: int


def book(league: League) -> list[BookLine]:
    """Per open fixture and outcome: bets, total staked and what the house would pay out
    beyond the stakes it holds if that outcome happens (fixed odds: payouts minus all the
    fixture's stakes; pool: nothing, the pool pays itself)."""
    rows = (
        Bet.objects.filter(fixture__season__league=league, status=Bet.Status.OPEN)
        .values("fixture_id", "outcome")
        .annotate(bets=Count("pk"), staked=Sum("stake"))
        .order_by("fixture__kickoff", "fixture_id", "outcome")
    )
    fixed = Bet.objects.filter(
        fixture__season__league=league, status=Bet.Status.OPEN, price__isnull=False
    ).values_list("fixture_id", "outcome", "stake", "price")
    payouts: dict[tuple[int, str], int] = {}
    stakes: dict[int, int] = {}
    for fixture_id, outcome, stake, price in fixed:
        payouts[(fixture_id, outcome)] = payouts.get((fixture_id, outcome), 0) + int(
            stake * Decimal(price)
        )
        stakes[fixture_id] = stakes.get(fixture_id, 0) + stake
    names = {
        f.pk: f
        for f in Fixture.objects.filter(pk__in={r["fixture_id"] for r in rows}).select_related(
            "home", "away"
        )
    }
    return [
        BookLine(
            fixture_id=row["fixture_id"],
            fixture=f"{names[row['fixture_id']].home} – {names[row['fixture_id']].away}",
            home=names[row["fixture_id"]].home.name,
            away=names[row["fixture_id"]].away.name,
            kickoff=names[row["fixture_id"]].kickoff,
            outcome=row["outcome"],
            bets=row["bets"],
            staked=row["staked"],
            liability=max(
                0,
                payouts.get((row["fixture_id"], row["outcome"]), 0)
                - stakes.get(row["fixture_id"], 0),
            ),
        )
        for row in rows
    ]


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


def bets_with_wallet(*, user: User) -> QuerySet[Bet]:
    """The user's bets with their wallet (the API's list, filtered there)."""
    return Bet.objects.filter(user=user).select_related("wallet")


def bets_of(user: User) -> QuerySet[Bet]:
    """Every bet of the user, by league, newest first."""
    return (
        Bet.objects.filter(user=user)
        .select_related(
            "wallet__league__betting",
            "fixture__home",
            "fixture__away",
            "fixture__season",
            "season",
            "team",
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


def league_season(league: League, season_id: int):
    """One season of ``league`` (``None``: not one of its seasons)."""
    return league.seasons.select_related("league", "champion").filter(pk=season_id).first()


def seasons_taking_champion_bets(league: League) -> list:
    """The league's seasons not finished yet: each has a champion market."""
    return list(league.seasons.filter(finished_at__isnull=True).order_by("-created_at", "-pk"))


def teams_by_id(ids: list[int]) -> dict[int, Any]:
    from league.models import Team

    return Team.objects.in_bulk(ids)


def champion_bets_of(user: User | AnonymousUser, season) -> list[Bet]:
    """The user's bets on the season's champion, newest first."""
    if not user.is_authenticated:
        return []
    return list(
        Bet.objects.filter(user=user, season=season)
        .select_related("team")
        .order_by("-placed_at", "-pk")
    )
