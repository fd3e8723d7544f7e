"""Betting: the league's betting settings, bets, the odds stored per fixture, the settlement
that witnesses a fixture's bets were paid, and what links the ledger's transactions to them.

Money is integer coins everywhere, kept by the ``ledger`` app (its accounts, transactions and
entries, and the promises the database holds about them). Betting posts through the ledger's
API (``ledger.services.post``) with its own reasons (``betting.reasons``). Open stakes are held
per fixture, so bets on different fixtures never wait on one another's locks.
"""

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from league.models import League, Season, Team
from ledger.models import MAX_COINS, Account, Transaction
from matches.models import Fixture, ResultCorrection

MAX_STAKE = 10**9
"""The bound of a stored bet's stake and of a starting grant (the columns' own check)."""
MIN_PRICE = Decimal("1.01")
MAX_PRICE = Decimal("1000.00")
MAX_BET = int((MAX_COINS - 1) // MAX_PRICE)
"""The largest stake a league may allow (999,999,999): a win at the highest price still fits
one ledger entry. A market's open stakes are bounded alike (``betting.bets``)."""


BET_LIMIT = _(
    "At most %(limit_value)s coins: a win at the highest price (1000.00) must fit the ledger."
)


class Outcome(models.TextChoices):
    HOME = "home", _("Home win")
    AWAY = "away", _("Away win")
    DRAW = "draw", _("Draw")


class Market(models.TextChoices):
    """What a bet is on: a fixture's result, or the champion of a season (a futures market)."""

    FIXTURE = "fixture", _("Fixture result")
    CHAMPION = "champion", _("Champion")


class BettingSettings(models.Model):
    """How a league bets. ``fixed`` odds are priced from the game's engine (a simulated game)
    or the teams' ratings (a game played at the table); ``pool`` shares the stakes among the
    winners."""

    class Mode(models.TextChoices):
        OFF = "off", _("No betting")
        FIXED = "fixed", _("Fixed odds")
        POOL = "pool", _("Pool (parimutuel)")

    league = models.OneToOneField(
        League, on_delete=models.CASCADE, related_name="betting", verbose_name=_("league")
    )
    mode = models.CharField(_("betting"), max_length=5, choices=Mode.choices, default=Mode.OFF)
    margin_percent = models.PositiveSmallIntegerField(
        _("bookmaker's margin (%)"),
        default=5,
        validators=[MaxValueValidator(50)],
        help_text=_("Fixed odds: how much the prices' implied chances exceed 100 %."),
    )
    house_cut_percent = models.PositiveSmallIntegerField(
        _("house cut (%)"),
        default=5,
        validators=[MaxValueValidator(50)],
        help_text=_("Pool: the share of the pool the house keeps before paying the winners."),
    )
    min_stake = models.PositiveIntegerField(
        _("smallest stake"),
        default=10,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_BET, message=BET_LIMIT)],
    )
    max_stake = models.PositiveIntegerField(
        _("largest stake"),
        default=500,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_BET, message=BET_LIMIT)],
    )
    starting_grant = models.PositiveIntegerField(
        _("starting grant"),
        default=1000,
        validators=[MaxValueValidator(MAX_STAKE)],
        help_text=_("Coins a player's new wallet receives."),
    )
    allow_cancel = models.BooleanField(_("bets can be cancelled before kick-off"), default=True)
    coaches_bet_on_own_teams = models.BooleanField(
        _("coaches may bet on their own teams' fixtures"),
        default=False,
        help_text=_("Off: a team's coach cannot bet on the fixtures his team plays."),
    )

    class Meta:
        verbose_name = _("betting settings")
        verbose_name_plural = _("betting settings")
        constraints = [
            models.CheckConstraint(
                condition=Q(margin_percent__lte=50, house_cut_percent__lte=50),
                name="betting_percent_range",
            ),
            models.CheckConstraint(
                condition=Q(
                    min_stake__gte=1, max_stake__lte=MAX_BET, min_stake__lte=models.F("max_stake")
                ),
                name="betting_stake_range",
            ),
            models.CheckConstraint(
                condition=Q(starting_grant__lte=MAX_STAKE), name="betting_grant_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.league}: {self.get_mode_display()}"


def _market_link(
    to: type[models.Model], related_name: str, verbose_name: Promise, help_text: str | Promise = ""
) -> models.ForeignKey:
    """A bet's or a settlement's fixture (the fixture market) or season (the champion market):
    the one its market names is set, the other left empty."""
    return models.ForeignKey(
        to,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name=related_name,
        verbose_name=verbose_name,
        help_text=help_text,
    )


class Bet(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        WON = "won", pgettext_lazy("bet status", "Won")
        LOST = "lost", pgettext_lazy("bet status", "Lost")
        REFUNDED = "refunded", _("Refunded")
        CANCELLED = "cancelled", _("Cancelled")

    SETTLED = (Status.WON, Status.LOST, Status.REFUNDED)

    wallet = models.ForeignKey(
        Account, on_delete=models.PROTECT, related_name="bets", verbose_name=_("wallet")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="bets",
        verbose_name=_("player"),
    )
    market = models.CharField(
        _("market"), max_length=8, choices=Market.choices, default=Market.FIXTURE
    )
    fixture = _market_link(Fixture, "bets", _("fixture"))
    season = _market_link(
        Season, "bets", _("season"), _("A champion bet: the season whose champion it backs.")
    )
    team = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="champion_bets",
        verbose_name=_("team"),
        help_text=_("A champion bet: the team it backs (its id is the outcome)."),
    )
    outcome = models.CharField(
        _("outcome"),
        max_length=20,
        help_text=_("A fixture bet: home, away or draw. A champion bet: the team's id."),
    )
    stake = models.PositiveIntegerField(
        _("stake"), validators=[MinValueValidator(1), MaxValueValidator(MAX_STAKE)]
    )
    price = models.DecimalField(
        _("price"),
        max_digits=7,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_("Fixed odds: the price taken; empty in a pool."),
    )
    status = models.CharField(
        _("status"), max_length=9, choices=Status.choices, default=Status.OPEN
    )
    payout = models.BigIntegerField(_("payout"), null=True, blank=True)
    settlement = models.ForeignKey(
        "Settlement",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="bets",
        verbose_name=_("settlement"),
    )
    idempotency_key = models.CharField(max_length=100, blank=True, default="")
    request_digest = models.CharField(max_length=64, blank=True, default="")
    placed_at = models.DateTimeField(_("placed"), auto_now_add=True)
    closed_at = models.DateTimeField(_("closed"), null=True, blank=True)

    class Meta:
        ordering = ["-placed_at", "-pk"]
        verbose_name = _("bet")
        verbose_name_plural = _("bets")
        constraints = [
            models.CheckConstraint(
                condition=Q(stake__gte=1, stake__lte=MAX_STAKE), name="bet_stake_range"
            ),
            models.CheckConstraint(
                condition=Q(price__isnull=True) | Q(price__gte=MIN_PRICE, price__lte=MAX_PRICE),
                name="bet_price_range",
            ),
            models.CheckConstraint(
                condition=Q(status="open", payout__isnull=True)
                | Q(status__in=["won", "lost", "refunded", "cancelled"], payout__gte=0),
                name="bet_payout_when_closed",
            ),
            models.UniqueConstraint(
                fields=["user", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="bet_idempotency_key_once",
            ),
            models.CheckConstraint(
                condition=Q(
                    market="fixture",
                    fixture__isnull=False,
                    season__isnull=True,
                    team__isnull=True,
                )
                | Q(
                    market="champion",
                    fixture__isnull=True,
                    season__isnull=False,
                    team__isnull=False,
                ),
                name="bet_market_names_its_event",
            ),
        ]
        indexes = [
            models.Index(fields=["fixture", "status"], name="bet_fixture_status"),
            models.Index(
                fields=["season", "status"],
                condition=Q(season__isnull=False),
                name="bet_season_status",
            ),
            # a punter's bets, newest first (the API's bets list, the my-bets page)
            models.Index(fields=["user", "-placed_at", "-id"], name="bet_user_newest"),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.user} {self.outcome} {self.stake}"

    @property
    def potential_payout(self) -> int | None:
        """Fixed odds: what a win pays, rounded down to the coin."""
        if self.price is None:
            return None
        return int(self.stake * self.price)


class Settlement(models.Model):
    """A fixture's bets paid: its row, written under the fixture's lock in the transaction of
    the payments, witnesses that they were paid. A corrected result reverses it (new
    entries; ``reversed_at`` set) and a new one is written; one active settlement per fixture."""

    fixture = _market_link(Fixture, "settlements", _("fixture"))
    season = _market_link(
        Season,
        "settlements",
        _("season"),
        _("A season's champion market paid: its champion's id, or “cancelled”."),
    )
    outcome = models.CharField(
        _("outcome"), max_length=20, help_text=_("The result paid, or “cancelled” (all refunded).")
    )
    created_at = models.DateTimeField(_("settled"), auto_now_add=True)
    reversed_at = models.DateTimeField(_("reversed"), null=True, blank=True)
    reason = models.CharField(_("reason of the reversal"), max_length=300, blank=True)
    correction = models.ForeignKey(
        ResultCorrection,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="settlements",
        verbose_name=_("correction"),
        help_text=_("The result correction this settlement pays by: its witness, written once."),
    )
    reversed_by = models.ForeignKey(
        ResultCorrection,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="reversals",
        verbose_name=_("reversed by"),
        help_text=_("The result correction or void that reversed this settlement."),
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("settlement")
        verbose_name_plural = _("settlements")
        constraints = [
            models.UniqueConstraint(
                fields=["fixture"],
                condition=Q(reversed_at__isnull=True),
                name="settlement_one_active_per_fixture",
            ),
            models.UniqueConstraint(
                fields=["season"],
                condition=Q(reversed_at__isnull=True, season__isnull=False),
                name="settlement_one_active_per_season",
            ),
            models.CheckConstraint(
                condition=Q(fixture__isnull=False, season__isnull=True)
                | Q(fixture__isnull=True, season__isnull=False),
                name="settlement_pays_one_market",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.fixture or self.season}: {self.outcome}"


class Resettlement(models.Model):
    """A result corrected or voided after its fixture's bets were paid: the witness, written in
    the correction's own transaction, that they must be paid again by the result as it stands.

    The re-settlement task claims it (``done_at`` set by a conditional ``UPDATE``) in the
    transaction of the new payments: a failure leaves it pending, a second delivery finds it
    done. The betting sweep sends the pending ones again after the grace period, each at most
    ``SWEEPER_MAX_ATTEMPTS`` times (then ``problem`` says so)."""

    correction = models.OneToOneField(
        ResultCorrection,
        on_delete=models.PROTECT,
        primary_key=True,
        related_name="resettlement",
        verbose_name=_("correction"),
    )
    fixture = models.ForeignKey(
        Fixture, on_delete=models.PROTECT, related_name="resettlements", verbose_name=_("fixture")
    )
    created_at = models.DateTimeField(_("asked"), auto_now_add=True)
    done_at = models.DateTimeField(_("done"), null=True, blank=True)
    sweep_attempts = models.PositiveSmallIntegerField(_("times the sweeper re-sent it"), default=0)
    problem = models.CharField(_("problem"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("re-settlement")
        verbose_name_plural = _("re-settlements")
        indexes = [
            models.Index(
                fields=["created_at"],
                condition=Q(done_at__isnull=True),
                name="resettlement_pending",
            )
        ]

    def __str__(self) -> str:
        return f"{self.fixture}: {self.correction_id}"


class TransactionLink(models.Model):
    """What a ledger transaction betting posted concerns: the bet it staked or gave back
    (``stake``, ``cancel``), or the settlement it paid or reversed (``settlement``,
    ``reversal``). Betting's knowledge, kept on betting's side of the ledger (which knows no
    bet); written with the transaction, in the same database transaction."""

    transaction = models.OneToOneField(
        Transaction,
        on_delete=models.PROTECT,
        primary_key=True,
        related_name="betting_link",
        verbose_name=_("transaction"),
    )
    bet = models.ForeignKey(
        Bet,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ledger_links",
        verbose_name=_("bet"),
    )
    settlement = models.ForeignKey(
        Settlement,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ledger_links",
        verbose_name=_("settlement"),
    )

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(bet__isnull=False) | Q(settlement__isnull=False),
                name="transaction_link_concerns_something",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.transaction_id}: bet {self.bet_id}, settlement {self.settlement_id}"


class FixtureOdds(models.Model):
    """The engine's chances for a fixture's outcomes, computed by a worker when the fixture is
    scheduled or a line-up changes, served from here."""

    fixture = models.OneToOneField(
        Fixture, on_delete=models.CASCADE, related_name="odds", verbose_name=_("fixture")
    )
    method = models.CharField(_("method"), max_length=100)
    probabilities = models.JSONField(_("chances per outcome"))
    computed_at = models.DateTimeField(_("computed"), auto_now=True)

    class Meta:
        verbose_name = _("fixture odds")
        verbose_name_plural = _("fixture odds")

    def __str__(self) -> str:
        return f"{self.fixture}: {self.probabilities}"


class SeasonOdds(models.Model):
    """A season's champion market as last priced: each team's title chance and whether the
    forecast marks it eliminated, copied from the season's stored forecast each time one is
    stored (``betting.futures.season_odds_refresh``, heard through
    ``forecasts.signals.forecast_stored``) and served from here."""

    season = models.OneToOneField(
        Season, on_delete=models.CASCADE, related_name="odds", verbose_name=_("season")
    )
    generation = models.PositiveIntegerField(
        _("forecast"), default=0, help_text=_("The forecast's change number these odds copy.")
    )
    probabilities = models.JSONField(_("title chances"), default=dict)
    eliminated = models.JSONField(
        _("eliminated teams"), default=list, help_text=_("Team ids the forecast rules out.")
    )
    computed_at = models.DateTimeField(_("computed"), null=True, blank=True)

    class Meta:
        verbose_name = _("season odds")
        verbose_name_plural = _("season odds")

    def __str__(self) -> str:
        return f"{self.season}: {self.probabilities}"
