"""The double-entry ledger: accounts, transactions and their entries, money in integer coins.

The database itself holds the ledger's promises, on PostgreSQL (the triggers below, installed by
django-pgtrigger) and on SQLite (``ledger.sqlite``) alike:

- entries and transactions are append-only: an ``UPDATE`` or ``DELETE`` is refused (a mistake is
  corrected by a new, mirroring transaction);
- every transaction's entries sum to zero (PostgreSQL: checked at the end of each statement that
  inserts entries; SQLite: at commit, through a deferred foreign key);
- an account's ``balance`` is the sum of its entries: inserting entries moves it (a trigger, in
  the same statement), and any other change to it is refused; an account opens empty;
- no wallet and no team treasury goes below zero (``CHECK`` constraints).

What a transaction concerns beyond its league, accounts and fixture (a bet, a settlement) is
the posting app's knowledge, kept in that app's own tables.
"""

import pgtrigger
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from league.models import League, Season, Team
from ledger import reasons
from matches.models import Fixture

MAX_COINS = 10**12
"""Far above any grant or stake, far inside a 64-bit column: every entry's amount is below it."""


class Account(models.Model):
    class Kind(models.TextChoices):
        WALLET = "wallet", _("Wallet")
        HOUSE = "house", _("House")
        ESCROW = "escrow", _("Open stakes")
        SUPPLY = "supply", _("Money supply")
        TREASURY = "treasury", _("Team treasury")

    league = models.ForeignKey(
        League, on_delete=models.PROTECT, related_name="accounts", verbose_name=_("league")
    )
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="accounts",
        verbose_name=_("owner"),
    )
    team = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="accounts",
        verbose_name=_("team"),
    )
    fixture = models.ForeignKey(
        Fixture,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="escrow_accounts",
        verbose_name=_("fixture"),
        help_text=_("Open stakes are held per fixture (its market)."),
    )
    season = models.ForeignKey(
        Season,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="escrow_accounts",
        verbose_name=_("season"),
        help_text=_("The open stakes of a season's own market (its champion) are held per season."),
    )
    balance = models.BigIntegerField(_("balance"), default=0)
    created_at = models.DateTimeField(_("opened"), auto_now_add=True)

    class Meta:
        ordering = ["pk"]
        verbose_name = _("account")
        verbose_name_plural = _("accounts")
        # a league's accounts of one kind in id order (the bettors' leaderboard groups the
        # league's wallets by id)
        indexes = [models.Index(fields=["league", "kind", "id"], name="account_league_kind")]
        constraints = [
            models.CheckConstraint(
                condition=~Q(kind="wallet") | Q(balance__gte=0), name="account_wallet_not_negative"
            ),
            models.CheckConstraint(
                condition=~Q(kind="treasury") | Q(balance__gte=0),
                name="account_treasury_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(
                    kind="wallet",
                    user__isnull=False,
                    team__isnull=True,
                    fixture__isnull=True,
                    season__isnull=True,
                )
                | Q(
                    kind="treasury",
                    user__isnull=True,
                    team__isnull=False,
                    fixture__isnull=True,
                    season__isnull=True,
                )
                | Q(
                    kind="escrow",
                    user__isnull=True,
                    team__isnull=True,
                    fixture__isnull=False,
                    season__isnull=True,
                )
                | Q(
                    kind="escrow",
                    user__isnull=True,
                    team__isnull=True,
                    fixture__isnull=True,
                    season__isnull=False,
                )
                | Q(
                    kind__in=["house", "supply"],
                    user__isnull=True,
                    team__isnull=True,
                    fixture__isnull=True,
                    season__isnull=True,
                ),
                name="account_owner_matches_kind",
            ),
            models.UniqueConstraint(
                fields=["league", "user"], condition=Q(kind="wallet"), name="account_one_wallet"
            ),
            models.UniqueConstraint(
                fields=["league", "team"], condition=Q(kind="treasury"), name="account_one_treasury"
            ),
            models.UniqueConstraint(
                fields=["fixture"], condition=Q(kind="escrow"), name="account_one_escrow"
            ),
            models.UniqueConstraint(
                fields=["season"],
                condition=Q(kind="escrow", season__isnull=False),
                name="account_one_season_escrow",
            ),
            models.UniqueConstraint(
                fields=["league", "kind"],
                condition=Q(kind__in=["house", "supply"]),
                name="account_one_per_league_kind",
            ),
        ]
        triggers = [
            # An account opens empty: its balance comes from entries only.
            pgtrigger.Trigger(
                name="accounts_open_empty",
                level=pgtrigger.Row,
                when=pgtrigger.Before,
                operation=pgtrigger.Insert,
                condition=pgtrigger.Q(new__balance__df=0),
                func="""
                RAISE EXCEPTION 'an account opens with a balance of 0, not %', NEW.balance
                    USING ERRCODE = 'check_violation';
                """,
            ),
            # The balance moves only with entries: the ``entries_move_balances`` trigger's
            # UPDATE runs one trigger level down (depth 2); a change made by any statement of
            # its own (depth 1) is refused.
            pgtrigger.Trigger(
                name="balance_moves_only_with_entries",
                level=pgtrigger.Row,
                when=pgtrigger.Before,
                operation=pgtrigger.Update,
                condition=pgtrigger.Q(old__balance__df=pgtrigger.F("new__balance")),
                func="""
                IF pg_trigger_depth() < 2 THEN
                    RAISE EXCEPTION 'the balance of account % moves only with its entries', OLD.id
                        USING ERRCODE = 'check_violation';
                END IF;
                RETURN NEW;
                """,
            ),
        ]

    def __str__(self) -> str:
        owner = self.user or self.team or self.get_kind_display()
        return f"{self.league} · {owner}"


class Transaction(models.Model):
    """Money moved for one reason (a code its posting app declared, ``ledger.reasons``)."""

    league = models.ForeignKey(
        League, on_delete=models.PROTECT, related_name="transactions", verbose_name=_("league")
    )
    reason = models.CharField(_("reason"), max_length=reasons.MAX_LENGTH, choices=reasons.choices)
    fixture = models.ForeignKey(
        Fixture, on_delete=models.PROTECT, null=True, blank=True, related_name="transactions"
    )
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("transaction")
        verbose_name_plural = _("transactions")
        triggers = [
            pgtrigger.Protect(
                name="transactions_are_append_only",
                operation=pgtrigger.Update | pgtrigger.Delete,
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.get_reason_display()}"


class Entry(models.Model):
    """One leg of a transaction: a signed amount on one account."""

    transaction = models.ForeignKey(
        Transaction, on_delete=models.PROTECT, related_name="entries", verbose_name=_("transaction")
    )
    account = models.ForeignKey(
        Account, on_delete=models.PROTECT, related_name="entries", verbose_name=_("account")
    )
    amount = models.BigIntegerField(_("amount"))

    class Meta:
        ordering = ["-transaction_id", "-pk"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.CheckConstraint(
                condition=~Q(amount=0) & Q(amount__gt=-MAX_COINS, amount__lt=MAX_COINS),
                name="entry_amount_not_zero",
            ),
        ]
        indexes = [models.Index(fields=["account", "-transaction"], name="entry_account_newest")]
        triggers = [
            # Each INSERT must leave every transaction it touched summing to zero: a posting is
            # always written in one statement (``ledger.services.post``), so an unbalanced one is
            # refused before its transaction can commit. One check per statement, not per row:
            # settling 10,000 bets inserts 25,000 entries.
            pgtrigger.Trigger(
                name="entries_sum_to_zero",
                level=pgtrigger.Statement,
                when=pgtrigger.After,
                operation=pgtrigger.Insert,
                referencing=pgtrigger.Referencing(new="inserted"),
                declare=[("unbalanced", "bigint"), ("total", "numeric")],
                func="""
                SELECT touched.transaction_id, sums.total INTO unbalanced, total
                    FROM (SELECT DISTINCT transaction_id FROM inserted) AS touched
                    CROSS JOIN LATERAL (
                        SELECT SUM(entry.amount) AS total FROM ledger_entry AS entry
                        WHERE entry.transaction_id = touched.transaction_id
                    ) AS sums
                    WHERE sums.total <> 0
                    LIMIT 1;
                IF unbalanced IS NOT NULL THEN
                    RAISE EXCEPTION 'the entries of transaction % sum to %, not zero',
                        unbalanced, total USING ERRCODE = 'check_violation';
                END IF;
                RETURN NULL;
                """,
            ),
            # The statement's entries move their accounts' balances: one UPDATE per statement,
            # each account once, by the sum of its new entries (the poster holds the accounts'
            # locks already). A wallet or treasury going below zero breaks its CHECK here.
            pgtrigger.Trigger(
                name="entries_move_balances",
                level=pgtrigger.Statement,
                when=pgtrigger.After,
                operation=pgtrigger.Insert,
                referencing=pgtrigger.Referencing(new="inserted"),
                func="""
                UPDATE ledger_account AS account
                    SET balance = account.balance + moves.delta
                    FROM (
                        SELECT account_id, SUM(amount) AS delta FROM inserted
                        GROUP BY account_id HAVING SUM(amount) <> 0
                    ) AS moves
                    WHERE account.id = moves.account_id;
                RETURN NULL;
                """,
            ),
            # Entries are never edited nor deleted: a correction is new, mirroring entries.
            pgtrigger.Protect(
                name="entries_are_append_only", operation=pgtrigger.Update | pgtrigger.Delete
            ),
        ]

    def __str__(self) -> str:
        return f"{self.account}: {self.amount:+d}"
