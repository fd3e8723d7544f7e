# The ledger's models leave betting with their rows: this migration only tells Django's state
# that the ledger app owns the three tables, still named betting_* (nothing in the database
# changes). betting's 0007/0008 move the links to bets and settlements out and drop betting's
# state of the models; ledger 0002 renames the tables and installs the invariants.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import ledger.reasons


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ("betting", "0006_owe_lost_resettlements"),
        ("league", "0005_list_order_indexes"),
        ("matches", "0008_list_indexes"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    state_operations = [
        migrations.CreateModel(
            name="Account",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("kind", models.CharField(choices=[("wallet", "Wallet"), ("house", "House"), ("escrow", "Open stakes"), ("supply", "Money supply"), ("treasury", "Team treasury")], max_length=8, verbose_name="kind")),
                ("balance", models.BigIntegerField(default=0, verbose_name="balance")),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="opened")),
                ("fixture", models.ForeignKey(blank=True, help_text="Open stakes are held per fixture (its market).", null=True, on_delete=django.db.models.deletion.PROTECT, related_name="escrow_accounts", to="matches.fixture", verbose_name="fixture")),
                ("league", models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="accounts", to="league.league", verbose_name="league")),
                ("team", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name="accounts", to="league.team", verbose_name="team")),
                ("user", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name="accounts", to=settings.AUTH_USER_MODEL, verbose_name="owner")),
            ],
            options={
                "verbose_name": "account",
                "verbose_name_plural": "accounts",
                "ordering": ["pk"],
                "db_table": "betting_account",
                "indexes": [models.Index(fields=["league", "kind", "id"], name="account_league_kind")],
                "constraints": [
                    models.CheckConstraint(condition=models.Q(models.Q(("kind", "wallet"), _negated=True), ("balance__gte", 0), _connector="OR"), name="account_wallet_not_negative"),
                    models.CheckConstraint(condition=models.Q(models.Q(("fixture__isnull", True), ("kind", "wallet"), ("team__isnull", True), ("user__isnull", False)), models.Q(("fixture__isnull", True), ("kind", "treasury"), ("team__isnull", False), ("user__isnull", True)), models.Q(("fixture__isnull", False), ("kind", "escrow"), ("team__isnull", True), ("user__isnull", True)), models.Q(("fixture__isnull", True), ("kind__in", ["house", "supply"]), ("team__isnull", True), ("user__isnull", True)), _connector="OR"), name="account_owner_matches_kind"),
                    models.UniqueConstraint(condition=models.Q(("kind", "wallet")), fields=("league", "user"), name="account_one_wallet"),
                    models.UniqueConstraint(condition=models.Q(("kind", "treasury")), fields=("league", "team"), name="account_one_treasury"),
                    models.UniqueConstraint(condition=models.Q(("kind", "escrow")), fields=("fixture",), name="account_one_escrow"),
                    models.UniqueConstraint(condition=models.Q(("kind__in", ["house", "supply"])), fields=("league", "kind"), name="account_one_per_league_kind"),
                ],
            },
        ),
        migrations.CreateModel(
            name="Transaction",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("reason", models.CharField(choices=ledger.reasons.choices, max_length=10, verbose_name="reason")),
                ("created_at", models.DateTimeField(auto_now_add=True, verbose_name="time")),
                ("fixture", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name="transactions", to="matches.fixture")),
                ("league", models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="transactions", to="league.league", verbose_name="league")),
            ],
            options={
                "verbose_name": "transaction",
                "verbose_name_plural": "transactions",
                "ordering": ["-created_at", "-pk"],
                "db_table": "betting_transaction",
            },
        ),
        migrations.CreateModel(
            name="Entry",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("amount", models.BigIntegerField(verbose_name="amount")),
                ("account", models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="entries", to="ledger.account", verbose_name="account")),
                ("transaction", models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="entries", to="ledger.transaction", verbose_name="transaction")),
            ],
            options={
                "verbose_name": "entry",
                "verbose_name_plural": "entries",
                "ordering": ["-transaction_id", "-pk"],
                "db_table": "betting_entry",
                "indexes": [models.Index(fields=["account", "-transaction"], name="entry_account_newest")],
                "constraints": [
                    models.CheckConstraint(condition=models.Q(models.Q(("amount", 0), _negated=True), ("amount__gt", -1000000000000), ("amount__lt", 1000000000000)), name="entry_amount_not_zero"),
                ],
            },
        ),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=state_operations, database_operations=[]),
    ]
