"""The champion market of a season (a futures market): its prices, its bets, its settlement.

Prices come from the season's stored forecast (``forecasts``): each time one is stored, the
forecasts announce it (``forecasts.signals.forecast_stored``) and :func:`season_odds_refresh`
copies each team's title chance and the teams it marks eliminated into ``SeasonOdds``, in the
forecast's own transaction. At fixed odds a team's price is ``betting.odds.fixed_price`` of its
title chance with the league's margin; in a pool, the pot after the house cut over the stakes
on the team.

The market closes for a team as soon as the forecast marks it eliminated, and for everyone when
the title is decided (a title chance of 1, or a championship with every match played) or the
season is finished. The forecast counts league points: its chances, marks and prices read a
season whose champion tops the league points table (``matches.plugins.crowns_by_points``). A
season crowned otherwise (Killpower Ball's ranking points, a tournament's final) has no team
closed by the marks, no title decided by its chances, and no fixed odds (``no_fixed_odds``):
its market takes bets in a pool only, until every match of a championship is played or the
season is finished.

Placing a bet locks the season row (the mutex of its market: the settlement takes it too),
checks it is still open, then locks the wallet and the season's open-stakes account in id order
and moves the stake: one transaction, a refused bet writes nothing. Every refusal code is the
fixture bets' (``betting.bets``), but ``no_fixed_odds``.

:func:`season_settle` pays the market once the season is finished, exactly once: under the
season's lock an active ``Settlement`` naming the season witnesses the payment. The winners
are the bets on the champion the season's finish crowned (``Season.champion``); a season
finished without a champion refunds every stake (the market's "abandoned" reading).
"""

import hashlib
import json
from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import Any

from auditlog.context import disable_auditlog
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Count, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext as _

from betting import history, postings, reasons
from betting.bets import _betting_on, _check_funds, _check_wallet, _placed_once
from betting.errors import BettingRefused
from betting.league_settings import settings_of
from betting.models import Bet, BettingSettings, Market, SeasonOdds, Settlement
from betting.odds import CENT, fixed_price
from betting.postings import Link
from betting.settlement import CANCELLED, Payout, _close_bets, payouts, settlement_legs
from core import history as core_history
from core import registry
from core.events import publish
from forecasts.models import SeasonForecast
from league.models import League, Season, Team
from league.roles import is_commissioner
from ledger import services as ledger
from ledger.models import Account
from ledger.services import Leg, Posting
from matches.models import Fixture
from matches.plugins import crowns_by_points


def season_odds_refresh(
    *, season_id: int, generation: int, teams: list[dict[str, Any]]
) -> SeasonOdds:
    """Copy a stored forecast's title chances and eliminated marks into the season's champion
    market (``teams`` as in ``SeasonForecast.teams``); an older forecast never overwrites a
    newer one."""
    odds, _created = SeasonOdds.objects.get_or_create(season_id=season_id)
    if odds.computed_at is not None and odds.generation > generation:
        return odds
    odds.generation = generation
    odds.probabilities = {str(entry["team"]): float(entry["title"]) for entry in teams}
    odds.eliminated = sorted(int(entry["team"]) for entry in teams if entry["eliminated_title"])
    odds.computed_at = timezone.now()
    odds.save()
    return odds


def season_odds_of(season: Season) -> SeasonOdds | None:
    """The champion market's stored chances; copied from the stored forecast when the market
    has none yet (betting turned on after the forecast); ``None`` without a forecast."""
    odds = SeasonOdds.objects.filter(season=season).first()
    if odds is not None and odds.computed_at is not None:
        return odds
    stored = SeasonForecast.objects.filter(season=season, computed_at__isnull=False).first()
    if stored is None:
        return None
    return season_odds_refresh(
        season_id=season.pk, generation=stored.generation, teams=stored.teams
    )


@dataclass(frozen=True)
class ChampionLine:
    team_id: int
    probability: float
    price: Decimal | None
    eliminated: bool
    pool: int = 0

    @property
    def outcome(self) -> str:
        return str(self.team_id)

    @property
    def percent(self) -> float:
        return 100 * self.probability


@dataclass(frozen=True)
class ChampionQuote:
    """What a season's champion market offers now: a line per team, best chance first."""

    market: str
    computed_at: Any
    closed: bool
    lines: list[ChampionLine]
    decided: bool = False
    """A team is certain of the title (clinched, or first in every completion of the forecast,
    the last fixture played included): the market is closed, no price being fair then."""
    crowns_by_points: bool = True
    """The champion is the top of the league points table the forecast counts; else no mark
    closes a team, the title is never decided before the finish, and fixed odds are refused."""
    refusal: BettingRefused | None = None
    """Why no bet is taken on this market though it is open (fixed odds on a champion the
    forecast cannot price): what placing one answers, and what the page and the API say."""

    def line(self, outcome: str) -> ChampionLine | None:
        return next((line for line in self.lines if line.outcome == outcome), None)


def champion_pool_totals(season: Season) -> dict[str, int]:
    """The open stakes on each team of the season's champion market."""
    rows = (
        Bet.objects.filter(season=season, market=Market.CHAMPION, status=Bet.Status.OPEN)
        .values("outcome")
        .annotate(total=Sum("stake"))
        .order_by()
    )
    return {row["outcome"]: row["total"] for row in rows}


def no_fixed_odds(league: League) -> BettingRefused:
    """The refusal of fixed odds on the champion of a league not crowned by league points: the
    title chances count league points, so they price another title than the one bets are paid
    on."""
    if league.competition_format == League.CompetitionFormat.TOURNAMENT:
        return BettingRefused(
            "no_fixed_odds",
            _(
                "No fixed odds on this season's champion: a tournament crowns the winner of its "
                "final, not the top of the league points table the title chances are forecast "
                "from. Its champion market takes bets in a pool only."
            ),
            "season",
        )
    return BettingRefused(
        "no_fixed_odds",
        _(
            "No fixed odds on this season's champion: %(system)s crowns its champion by a "
            "table of its own, not by the league points the title chances are forecast from. "
            "Its champion market takes bets in a pool only."
        ),
        "season",
        system=registry.game(league.rule_system).label,
    )


def champion_quote(season: Season, settings: BettingSettings) -> ChampionQuote | None:
    """The season's champion market under ``settings``; ``None`` without a forecast. The
    forecast's marks and a title chance of 1 close it only for a season crowned by league
    points (``matches.plugins.crowns_by_points``); another one has no fixed price."""
    odds = season_odds_of(season)
    if odds is None:
        return None
    by_points = crowns_by_points(season.league)
    out = set(odds.eliminated) if by_points else set()
    decided = (
        by_points and any(chance >= 1 for chance in odds.probabilities.values())
    ) or _every_match_played(season)
    closed = season.finished_at is not None or decided
    refusal = None
    if settings.mode == BettingSettings.Mode.FIXED:
        refusal = None if by_points else no_fixed_odds(season.league)
        lines = [
            ChampionLine(
                team_id=int(team),
                probability=chance,
                price=fixed_price(chance, settings.margin_percent) if by_points else None,
                eliminated=int(team) in out,
            )
            for team, chance in odds.probabilities.items()
        ]
        market = "fixed"
    else:
        totals = champion_pool_totals(season)
        pot = sum(totals.values())
        paid = pot - pot * settings.house_cut_percent // 100
        lines = [
            ChampionLine(
                team_id=int(team),
                probability=chance,
                price=(
                    (Decimal(paid) / totals[team]).quantize(CENT, rounding=ROUND_DOWN)
                    if totals.get(team)
                    else None
                ),
                eliminated=int(team) in out,
                pool=totals.get(team, 0),
            )
            for team, chance in odds.probabilities.items()
        ]
        market = "pool"
    lines.sort(key=lambda line: (line.eliminated, -line.probability, line.team_id))
    return ChampionQuote(
        market=market,
        computed_at=odds.computed_at,
        closed=closed,
        lines=lines,
        decided=decided,
        crowns_by_points=by_points,
        refusal=refusal,
    )


TO_PLAY = (Fixture.Status.SCHEDULED, Fixture.Status.LOCKED)


def _every_match_played(season: Season) -> bool:
    """Whether a championship's table is final: every fixture played or cancelled. Its
    fixtures all exist from the start, so its champion is known then, even one crowned by a
    table of its own that the forecast does not count (Killpower Ball's ranking points) and the
    commissioner has not finished the season yet; a tournament draws its next round as it
    goes, so it waits for the season to finish."""
    if season.league.competition_format == League.CompetitionFormat.TOURNAMENT:
        return False
    counts = season.fixtures.aggregate(
        total=Count("pk"), to_play=Count("pk", filter=Q(status__in=TO_PLAY))
    )
    return counts["total"] > 0 and counts["to_play"] == 0


def _digest(season_id: int, outcome: str, stake: int, price: Decimal | None) -> str:
    body = json.dumps(
        [Market.CHAMPION, season_id, outcome, stake, str(price) if price is not None else None]
    )
    return hashlib.sha256(body.encode()).hexdigest()


def _still_open(season: Season | None) -> Season:
    if season is None:
        raise BettingRefused("invalid", _("Unknown season."), "season")
    if season.finished_at is not None:
        raise BettingRefused(
            "betting_closed",
            _("Betting on this season's champion is closed: the season is finished."),
            "season",
        )
    return season


def _lock_open_season(season_id: int) -> Season:
    season = (
        Season.objects.select_for_update(of=("self",))
        .select_related("league__betting")
        .defer("archive")
        .filter(pk=season_id)
        .order_by()
        .first()
    )
    return _still_open(season)


def _check_champion_bet(
    user: User,
    season: Season,
    settings: BettingSettings,
    outcome: str,
    stake: int,
    price: Decimal | None,
) -> Decimal | None:
    """The refusals of a champion bet that read no balance; the price it takes (fixed odds)."""
    if is_commissioner(user, season.league):
        raise BettingRefused(
            "not_allowed", _("A commissioner does not bet in a league whose fixtures he runs.")
        )
    if (
        not settings.coaches_bet_on_own_teams
        and Team.objects.filter(pk__in=_season_team_ids(season), coach=user).exists()
    ):
        raise BettingRefused(
            "not_allowed",
            _("A coach does not bet on the champion of a season his team plays in this league."),
            "season",
        )
    quote = champion_quote(season, settings)
    if quote is None:
        raise BettingRefused(
            "betting_closed", _("No title chances yet: the season is not forecast."), "season"
        )
    if quote.refusal is not None:
        raise quote.refusal
    line = quote.line(str(outcome))
    if line is None:
        raise BettingRefused(
            "invalid_outcome", _("Choose one of the season's teams (its id)."), "outcome"
        )
    if line.eliminated:
        raise BettingRefused(
            "betting_closed",
            _("This team can no longer finish first: its champion market is closed."),
            "outcome",
        )
    if quote.decided:
        raise BettingRefused(
            "betting_closed",
            _("The title is decided: betting on this season's champion is closed."),
            "season",
        )
    if not settings.min_stake <= stake <= settings.max_stake:
        raise BettingRefused(
            "stake_out_of_range",
            _("Stake between %(min)s and %(max)s coins.")
            % {"min": settings.min_stake, "max": settings.max_stake},
            "stake",
        )
    if settings.mode != BettingSettings.Mode.FIXED:
        return None
    taken = line.price
    if price is not None and Decimal(price) != taken:
        raise BettingRefused(
            "price_changed",
            _("The price has changed to %(price)s.") % {"price": taken},
            "price",
            price=str(taken),
        )
    return taken


def _season_team_ids(season: Season) -> list[int]:
    odds = SeasonOdds.objects.filter(season=season).values_list("probabilities", flat=True).first()
    return [int(team) for team in (odds or {})]


def _wallet_and_escrow(season: Season, user: User):
    return Account.objects.filter(
        kind=Account.Kind.WALLET, league_id=season.league_id, user_id=user.pk
    ) | Account.objects.filter(kind=Account.Kind.ESCROW, season_id=season.pk)


def champion_bet_check(
    *, user: User, season_id: int, outcome: str, stake: int, price: Decimal | None = None
) -> Decimal | None:
    """What ``champion_bet_place`` would answer, placing nothing (locks nothing)."""
    season = _still_open(Season.objects.select_related("league").filter(pk=season_id).first())
    settings = _betting_on(season.league)
    taken = _check_champion_bet(user, season, settings, outcome, stake, price)
    _check_wallet(_wallet_and_escrow(season, user), settings, stake)
    return taken


def champion_bet_place(
    *,
    user: User,
    season_id: int,
    outcome: str,
    stake: int,
    price: Decimal | None = None,
    idempotency_key: str | None = None,
) -> tuple[Bet, bool]:
    """Back a team to be the season's champion; ``(bet, created)``. The same
    ``Idempotency-Key`` and body answer the first bet again; another body,
    ``idempotency_conflict`` (keys are shared with the fixture bets)."""
    digest = _digest(season_id, str(outcome), stake, price)
    return _placed_once(
        user,
        idempotency_key,
        digest,
        lambda: _place(user, season_id, str(outcome), stake, price, idempotency_key, digest),
    )


@transaction.atomic
def _place(
    user: User,
    season_id: int,
    outcome: str,
    stake: int,
    price: Decimal | None,
    idempotency_key: str | None,
    digest: str,
) -> Bet:
    season = _lock_open_season(season_id)
    league = season.league
    settings = _betting_on(league)
    taken = _check_champion_bet(user, season, settings, outcome, stake, price)
    escrow = ledger.season_escrow_of(season)
    wallet = Account.objects.filter(
        kind=Account.Kind.WALLET, league_id=league.pk, user_id=user.pk
    ).first()
    if wallet is None:
        raise BettingRefused("no_wallet", _("Open a wallet in this league first."))
    locked = ledger.lock_accounts([wallet.pk, escrow.pk])
    wallet, escrow = locked[wallet.pk], locked[escrow.pk]
    _check_funds(wallet.balance, escrow.balance, settings, stake)
    with disable_auditlog():
        bet = Bet.objects.create(
            wallet=wallet,
            user=user,
            market=Market.CHAMPION,
            season=season,
            team_id=int(outcome),
            outcome=outcome,
            stake=stake,
            price=taken,
            idempotency_key=idempotency_key or "",
            request_digest=digest,
        )
    core_history.record_saves(saves=[(None, bet)])
    postings.post(
        league,
        [(Posting(reasons.STAKE, [Leg(wallet, -stake), Leg(escrow, stake)]), Link(bet_id=bet.pk))],
    )
    return bet


def champion_outcome(season: Season) -> str | None:
    """What the season's champion bets are paid by: the champion's id, ``"cancelled"`` for a
    season finished without a champion (every stake refunded), ``None`` while it runs."""
    if season.finished_at is None:
        return None
    return str(season.champion_id) if season.champion_id is not None else CANCELLED


@transaction.atomic
def season_settle(*, season_id: int) -> Settlement | None:
    """Pay the season's champion bets once it is finished, exactly once: the settlement
    written now, or ``None`` (not finished, or already paid: its witness found under the
    season's lock)."""
    season = (
        Season.objects.select_for_update(of=("self",))
        .select_related("league", "champion")
        .defer("archive")
        .filter(pk=season_id)
        .first()
    )
    if season is None:
        return None
    outcome = champion_outcome(season)
    if outcome is None or Settlement.objects.filter(season=season, reversed_at=None).exists():
        return None
    league = season.league
    bets = list(
        Bet.objects.filter(season=season, market=Market.CHAMPION, status=Bet.Status.OPEN)
        .only("pk", "wallet_id", "user_id", "outcome", "stake", "price")
        .order_by("pk")
    )
    settlement = Settlement.objects.create(season=season, outcome=outcome)
    if not bets:
        return settlement
    results = payouts(bets, outcome, settings_of(league).house_cut_percent)
    house = ledger.system_accounts(league)[Account.Kind.HOUSE]
    escrow = ledger.season_escrow_of(season)
    ledger.lock_accounts([house.pk, escrow.pk, *{bet.wallet_id for bet in bets}])
    legs = settlement_legs(results, escrow=escrow, house=house)
    postings.post(league, [(Posting(reasons.SETTLEMENT, legs), Link(settlement_id=settlement.pk))])
    _close_bets(results, settlement)
    history.bets_record_settled(settlement=settlement, league_id=league.pk)
    _publish(season, settlement, results)
    return settlement


def _publish(season: Season, settlement: Settlement, results: list[Payout]) -> None:
    """One ``bet.settled`` event for the whole market: each bettor reads their own count and
    payout, a webhook every bet."""
    from django.urls import reverse

    mine: dict[str, dict[str, int]] = {}
    for paid in results:
        line = mine.setdefault(str(paid.bet.user_id), {"bets": 0, "payout": 0})
        line["bets"] += 1
        line["payout"] += paid.amount
    publish(
        "bet.settled",
        key=f"bet.settled:{settlement.pk}",
        league_id=season.league_id,
        recipients=[paid.bet.user_id for paid in results],
        url=reverse("betting:my_bets"),
        data={
            "market": Market.CHAMPION.value,
            "season": season.pk,
            "season_name": season.name,
            "winner": season.champion_id,
            "winner_name": season.champion.name if season.champion else "",
            "settlement": settlement.pk,
            "outcome": settlement.outcome,
            "per_recipient": mine,
            "webhook": {
                "bets": [
                    {
                        "bet": paid.bet.pk,
                        "outcome": paid.bet.outcome,
                        "stake": paid.bet.stake,
                        "status": str(paid.status),
                        "payout": paid.amount,
                    }
                    for paid in results
                ]
            },
        },
    )


def champion_payout_preview(
    *, season_id: int, outcome: str, stake: int, price: Decimal | None
) -> int | None:
    """What ``stake`` on ``outcome`` would pay if the team is champion: at fixed odds
    ``floor(stake × price)``; in a pool, its share were the market settled now with it in."""
    if price is not None:
        return int(stake * price)
    totals = champion_pool_totals(Season(pk=season_id))
    pool = [
        Bet(pk=-index - 1, outcome=name, stake=total, price=None)
        for index, (name, total) in enumerate(totals.items())
        if total
    ]
    mine = Bet(pk=0, outcome=str(outcome), stake=stake, price=None)
    season = Season.objects.select_related("league").get(pk=season_id)
    paid = payouts([*pool, mine], str(outcome), settings_of(season.league).house_cut_percent)
    return next(payout.amount for payout in paid if payout.bet is mine)
