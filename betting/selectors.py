"""Read-side queries of the betting app: wallets, statements, the leaderboard, the book."""

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count, F, OuterRef, Q, QuerySet, Subquery, Sum
from django.db.models.functions import Coalesce

from betting.models import Bet, BettingSettings
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
            "transaction__betting_link__settlement__reversed_by",
            "transaction__betting_link__settlement__correction",
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
