"""Opening a wallet, placing and cancelling bets.

Placing a bet locks the fixture row (the mutex of its bets: settlement and kick-off take it
too), checks on the database's clock that it is still open, then locks the wallet and the
open-stakes account in id order and moves the stake, all in one transaction: a refused bet
writes nothing; twenty bets at once from one wallet never overdraw it.
"""

import hashlib
import json
from collections.abc import Callable
from decimal import Decimal

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import BooleanField, ExpressionWrapper, F, Q
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.translation import gettext as _

from betting import odds, postings, reasons
from betting.errors import BettingRefused, IdempotencyConflict, NoWallet
from betting.league_settings import settings_of
from betting.models import MAX_BET, Bet, BettingSettings
from betting.postings import Link
from core import history
from core.bulk import rows_insert_values
from core.prepared_query import PreparedQuery
from league.models import League, Season
from league.roles import is_commissioner
from ledger import services as ledger
from ledger.models import MAX_COINS, Account
from ledger.services import Leg, Posting
from matches.models import Fixture


def wallet_of(user: User, league: League) -> Account:
    wallet = Account.objects.filter(league=league, kind=Account.Kind.WALLET, user=user).first()
    if wallet is None:
        raise NoWallet("no_wallet", _("Open a wallet in this league first."))
    return wallet


def _betting_on(league: League) -> BettingSettings:
    settings = settings_of(league)
    if settings.mode == BettingSettings.Mode.OFF:
        raise BettingRefused("betting_off", _("This league does not bet."))
    return settings


@transaction.atomic
def wallet_open(*, user: User, league: League) -> tuple[Account, bool]:
    """The user's wallet in ``league`` and whether it was opened now (with the starting
    grant); opening twice gives the same wallet and no second grant."""
    settings = _betting_on(league)
    if is_commissioner(user, league):
        raise BettingRefused(
            "not_allowed", _("A commissioner does not bet in a league whose fixtures he runs.")
        )
    accounts = ledger.system_accounts(league)
    supply = ledger.lock_accounts([accounts[Account.Kind.SUPPLY].pk])[
        accounts[Account.Kind.SUPPLY].pk
    ]
    existing = Account.objects.filter(league=league, kind=Account.Kind.WALLET, user=user).first()
    if existing is not None:
        return existing, False
    wallet = Account.objects.create(league=league, kind=Account.Kind.WALLET, user=user)
    if settings.starting_grant:
        ledger.post(
            league,
            [
                Posting(
                    reasons.GRANT,
                    [Leg(supply, -settings.starting_grant), Leg(wallet, settings.starting_grant)],
                )
            ],
        )
        wallet.refresh_from_db(fields=["balance"])
    return wallet, True


def _digest(fixture_id: int, outcome: str, stake: int, price: Decimal | None) -> str:
    body = json.dumps([fixture_id, outcome, stake, str(price) if price is not None else None])
    return hashlib.sha256(body.encode()).hexdigest()


_LEAGUE_READ_BY_A_BET = ("id", "rule_system", "commissioner")
"""A league's columns a bet reads (its game's outcomes, its commissioner); its name, texts,
scoring and forecast settings are never read, nor the season's but its league."""

_NOT_READ_BY_A_BET = (
    "home_sheet",
    "away_sheet",
    "options",
    "problem",
    *(f"season__{f.name}" for f in Season._meta.concrete_fields if f.name not in ("id", "league")),
    *(
        f"season__league__{f.name}"
        for f in League._meta.concrete_fields
        if f.name not in _LEAGUE_READ_BY_A_BET
    ),
)


def _fixture_row(fixture_id: int):
    return (
        Fixture.objects.select_related("season__league__betting", "odds")
        # line-up sheets, a finished season's archive, a league's texts: a bet reads none
        .defer(*_NOT_READ_BY_A_BET)
        .annotate(
            ahead=ExpressionWrapper(Q(kickoff__gt=Now()), output_field=BooleanField()),
            # whether the punter coaches a side, read in the same query
            home_coach_id=F("home__coach_id"),
            away_coach_id=F("away__coach_id"),
        )
        .filter(pk=fixture_id)
        .order_by()  # one row by its key: no ORDER BY through the season's ordering
    )


def _open_fixture_row(fixture_id: int):
    return _fixture_row(fixture_id).select_for_update(of=("self",))


_open_fixture_rows = PreparedQuery(_open_fixture_row, (int,))
"""Compiled once per connection: compiling this query cost more CPU than running it."""


def _lock_open_fixture(fixture_id: int) -> Fixture:
    """The fixture, row-locked, if bets are still taken: scheduled and its kick-off still
    ahead by the database's clock (read in the same transaction as the debit)."""
    rows = _open_fixture_rows(fixture_id)
    return _still_open(rows[0] if rows else None)


def _still_open(row: Fixture | None) -> Fixture:
    if row is None:
        raise BettingRefused("invalid", _("Unknown fixture."), "fixture")
    if row.status != Fixture.Status.SCHEDULED or not row.ahead:
        raise BettingRefused(
            "betting_closed",
            _("Betting on this fixture is closed: it has kicked off, been played or cancelled."),
            "fixture",
        )
    return row


def _wallet_and_escrow(league_id: int, user_id: int, fixture_id: int):
    mine = Q(kind=Account.Kind.WALLET, league_id=league_id, user_id=user_id)
    held = Q(kind=Account.Kind.ESCROW, fixture_id=fixture_id)
    return Account.objects.filter(mine | held).order_by("pk")


def _wallet_and_escrow_row(league_id: int, user_id: int, fixture_id: int):
    return _wallet_and_escrow(league_id, user_id, fixture_id).select_for_update()


_wallet_and_escrow_rows = PreparedQuery(_wallet_and_escrow_row, (int, int, int))


def _lock_wallet_and_escrow(user: User, fixture: Fixture) -> tuple[Account, Account]:
    """The user's wallet and the fixture's open-stakes account, locked in one query in id
    order (the fixture's account is made with its first bet)."""
    for _attempt in range(2):
        found = {
            account.kind: account
            for account in _wallet_and_escrow_rows(fixture.season.league_id, user.pk, fixture.pk)
        }
        if Account.Kind.WALLET not in found:
            raise BettingRefused("no_wallet", _("Open a wallet in this league first."))
        if Account.Kind.ESCROW in found:
            return found[Account.Kind.WALLET], found[Account.Kind.ESCROW]
        ledger.escrow_of(fixture)
    raise RuntimeError("the fixture's open-stakes account could not be made")


def _coaches_a_side(user: User, fixture: Fixture) -> bool:
    """``fixture`` as ``_fixture_row`` reads it, with its two coaches."""
    return user.pk in (fixture.home_coach_id, fixture.away_coach_id)


def _market_room(held_now: int, settings: BettingSettings) -> int:
    """The stakes the fixture's market may still take, so that any payment of its settlement
    fits one ledger entry: the pool's stakes below ``MAX_COINS``; at fixed odds, below what
    pays ``MAX_COINS`` at the highest price (``MAX_BET``)."""
    held = MAX_BET if settings.mode == BettingSettings.Mode.FIXED else MAX_COINS - 1
    return max(held - held_now, 0)


def _replay(user: User, key: str, digest: str) -> Bet | None:
    earlier = Bet.objects.filter(user=user, idempotency_key=key).first()
    if earlier is None:
        return None
    if earlier.request_digest != digest:
        raise IdempotencyConflict(
            "idempotency_conflict",
            _("This Idempotency-Key was already used for another bet."),
        )
    return earlier


def _check_bet(
    user: User,
    fixture: Fixture,
    settings: BettingSettings,
    outcome: str,
    stake: int,
    price: Decimal | None,
) -> Decimal | None:
    """The refusals of a bet that read no balance; the price it takes (fixed odds)."""
    if is_commissioner(user, fixture.season.league):
        raise BettingRefused(
            "not_allowed", _("A commissioner does not bet in a league whose fixtures he runs.")
        )
    if not settings.coaches_bet_on_own_teams and _coaches_a_side(user, fixture):
        raise BettingRefused(
            "not_allowed",
            _("A coach does not bet on his own team's fixtures in this league."),
            "fixture",
        )
    if outcome not in odds.outcomes_of(fixture):
        raise BettingRefused(
            "invalid_outcome",
            _("Choose one of: %(outcomes)s.") % {"outcomes": ", ".join(odds.outcomes_of(fixture))},
            "outcome",
        )
    if not settings.min_stake <= stake <= settings.max_stake:
        raise BettingRefused(
            "stake_out_of_range",
            _("Stake between %(min)s and %(max)s coins.")
            % {"min": settings.min_stake, "max": settings.max_stake},
            "stake",
        )
    taken = None
    if settings.mode == BettingSettings.Mode.FIXED:
        market = odds.quote(fixture, settings)
        if market and market.outcomes[outcome]["probability"] <= 0:
            raise BettingRefused(
                "invalid_outcome",
                _("This outcome cannot happen (its chance is 0): it is not offered."),
                "outcome",
            )
        taken = market.price(outcome) if market else None
        if taken is None:
            raise BettingRefused(
                "betting_closed", _("No odds yet: a line-up is not complete."), "fixture"
            )
        if price is not None and Decimal(price) != taken:
            raise BettingRefused(
                "price_changed",
                _("The price has changed to %(price)s.") % {"price": taken},
                "price",
                price=str(taken),
            )
    return taken


def _check_funds(balance: int, held_now: int, settings: BettingSettings, stake: int) -> None:
    """The refusals that read the wallet's balance and the stakes the market holds."""
    room = _market_room(held_now, settings)
    if stake > room:
        raise BettingRefused(
            "stake_out_of_range",
            _("This market takes at most %(room)s coins more.") % {"room": room},
            "stake",
        )
    if balance < stake:
        raise BettingRefused(
            "insufficient_funds",
            _("Your wallet holds %(balance)s coins, less than the stake.") % {"balance": balance},
            "stake",
        )


def bet_check(
    *, user: User, fixture_id: int, outcome: str, stake: int, price: Decimal | None = None
) -> Decimal | None:
    """What ``bet_place`` would answer, placing nothing: the same checks in the same order
    raise the same ``BettingRefused``; else the price the bet would take (``None`` for a
    pool). It locks nothing, so a bet accepted here may still be refused a moment later."""
    fixture = _still_open(_fixture_row(fixture_id).first())
    settings = _betting_on(fixture.season.league)
    taken = _check_bet(user, fixture, settings, outcome, stake, price)
    _check_wallet(
        _wallet_and_escrow(fixture.season.league_id, user.pk, fixture.pk), settings, stake
    )
    return taken


def bet_place(
    *,
    user: User,
    fixture_id: int,
    outcome: str,
    stake: int,
    price: Decimal | None = None,
    idempotency_key: str | None = None,
) -> tuple[Bet, bool]:
    """Place a bet; ``(bet, created)``. With an ``idempotency_key`` already used for the same
    bet, that bet again (``created`` False); used for another, ``idempotency_conflict``."""
    digest = _digest(fixture_id, outcome, stake, price)
    return _placed_once(
        user,
        idempotency_key,
        digest,
        lambda: _place(user, fixture_id, outcome, stake, price, idempotency_key, digest),
    )


def _placed_once(
    user: User, idempotency_key: str | None, digest: str, place: Callable[[], Bet]
) -> tuple[Bet, bool]:
    """``place()`` once per ``Idempotency-Key``: ``(bet, created)``. A key already used for
    the same request (``digest``) answers that bet again; one used for another request,
    ``idempotency_conflict`` (``_replay``). Shared by fixture and champion bets."""
    if idempotency_key:
        earlier = _replay(user, idempotency_key, digest)
        if earlier is not None:
            return earlier, False
    try:
        return place(), True
    except IntegrityError:
        # The same key raced in from a second request: answer what the first one placed.
        if idempotency_key:
            earlier = _replay(user, idempotency_key, digest)
            if earlier is not None:
                return earlier, False
        raise


def _check_wallet(accounts, settings: BettingSettings, stake: int) -> None:
    """The refusals a bet check reads from the user's wallet and the market's open stakes
    (``accounts``, unlocked): no wallet yet, then ``_check_funds``."""
    found = {account.kind: account.balance for account in accounts}
    if Account.Kind.WALLET not in found:
        raise BettingRefused("no_wallet", _("Open a wallet in this league first."))
    _check_funds(found[Account.Kind.WALLET], found.get(Account.Kind.ESCROW, 0), settings, stake)


@transaction.atomic
def _place(
    user: User,
    fixture_id: int,
    outcome: str,
    stake: int,
    price: Decimal | None,
    idempotency_key: str | None,
    digest: str,
) -> Bet:
    fixture = _lock_open_fixture(fixture_id)
    league = fixture.season.league
    settings = _betting_on(league)
    taken = _check_bet(user, fixture, settings, outcome, stake, price)
    wallet, escrow = _lock_wallet_and_escrow(user, fixture)
    _check_funds(wallet.balance, escrow.balance, settings, stake)
    bet = Bet(
        wallet=wallet,
        user=user,
        fixture=fixture,
        outcome=outcome,
        stake=stake,
        price=taken,
        idempotency_key=idempotency_key or "",
        request_digest=digest,
    )
    # One INSERT ... RETURNING without save(): a bet's row hears no signal but auditlog's, and
    # its history entry is auditlog's own, written by history.record_saves in one INSERT
    # instead of auditlog's model save (a third of the bet's CPU); the ORM's save and its
    # compiled INSERT had cost a tenth of it.
    rows_insert_values(Bet, [bet])
    history.record_saves(saves=[(None, bet)])
    postings.post(
        league,
        [
            (
                Posting(reasons.STAKE, [Leg(wallet, -stake), Leg(escrow, stake)], fixture.pk),
                Link(bet_id=bet.pk),
            )
        ],
    )
    return bet


@transaction.atomic
def bet_cancel(*, user: User, bet_id: int) -> Bet:
    """Cancel an open bet before kick-off where the league allows it: the stake comes back."""
    bet = Bet.objects.select_related("fixture__season__league").filter(pk=bet_id, user=user).first()
    if bet is None:
        raise Bet.DoesNotExist(bet_id)
    if bet.fixture is None:
        raise BettingRefused(
            "not_allowed", _("A bet on a season's champion cannot be cancelled."), "bet"
        )
    league = bet.fixture.season.league
    if not settings_of(league).allow_cancel:
        raise BettingRefused("not_allowed", _("This league does not let bets be cancelled."))
    _lock_open_fixture(bet.fixture_id)
    bet.refresh_from_db()
    if bet.status != Bet.Status.OPEN:
        raise BettingRefused("betting_closed", _("This bet is no longer open."))
    escrow = ledger.escrow_of(bet.fixture)
    locked = ledger.lock_accounts([bet.wallet_id, escrow.pk])
    postings.post(
        league,
        [
            (
                Posting(
                    reasons.CANCEL,
                    [Leg(locked[escrow.pk], -bet.stake), Leg(locked[bet.wallet_id], bet.stake)],
                    bet.fixture_id,
                ),
                Link(bet_id=bet.pk),
            )
        ],
    )
    bet.status = Bet.Status.CANCELLED
    bet.payout = bet.stake
    bet.closed_at = timezone.now()
    bet.save(update_fields=["status", "payout", "closed_at"])
    return bet
