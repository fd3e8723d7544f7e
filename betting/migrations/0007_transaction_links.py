# What linked a ledger transaction or entry to a bet or a settlement moves out of the ledger's
# tables into betting's own (TransactionLink, one row per transaction that concerns one), copied
# by one INSERT ... SELECT; the columns then go. The old PostgreSQL triggers of the entries go
# too: the ledger installs its own (ledger 0002) once the tables are its. An entry's bet was
# always its transaction's (a stake's or a cancel's two legs), so the link is per transaction.

import django.db.models.deletion
import pgtrigger.migrations
from django.db import migrations, models

COPY = """
INSERT INTO betting_transactionlink (transaction_id, bet_id, settlement_id)
SELECT id, bet_id, settlement_id FROM betting_transaction
WHERE bet_id IS NOT NULL OR settlement_id IS NOT NULL
"""
UNCOPY = [
    """
    UPDATE betting_transaction SET
        bet_id = (SELECT link.bet_id FROM betting_transactionlink AS link
                  WHERE link.transaction_id = betting_transaction.id),
        settlement_id = (SELECT link.settlement_id FROM betting_transactionlink AS link
                         WHERE link.transaction_id = betting_transaction.id)
    WHERE id IN (SELECT transaction_id FROM betting_transactionlink)
    """,
    """
    UPDATE betting_entry SET
        bet_id = (SELECT link.bet_id FROM betting_transactionlink AS link
                  WHERE link.transaction_id = betting_entry.transaction_id)
    WHERE transaction_id IN (
        SELECT transaction_id FROM betting_transactionlink WHERE bet_id IS NOT NULL
    )
    """,
]


class Migration(migrations.Migration):

    dependencies = [
        ("betting", "0006_owe_lost_resettlements"),
        ("ledger", "0001_initial"),
    ]

    operations = [
        pgtrigger.migrations.RemoveTrigger(model_name="entry", name="entries_sum_to_zero"),
        pgtrigger.migrations.RemoveTrigger(model_name="entry", name="entries_are_append_only"),
        migrations.CreateModel(
            name="TransactionLink",
            fields=[
                ("transaction", models.OneToOneField(on_delete=django.db.models.deletion.PROTECT, primary_key=True, related_name="betting_link", serialize=False, to="ledger.transaction", verbose_name="transaction")),
                ("bet", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name="ledger_links", to="betting.bet", verbose_name="bet")),
                ("settlement", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name="ledger_links", to="betting.settlement", verbose_name="settlement")),
            ],
            options={
                "constraints": [
                    models.CheckConstraint(condition=models.Q(("bet__isnull", False), ("settlement__isnull", False), _connector="OR"), name="transaction_link_concerns_something"),
                ],
            },
        ),
        migrations.RunSQL(COPY, reverse_sql=UNCOPY),
        migrations.RemoveField(model_name="entry", name="bet"),
        migrations.RemoveField(model_name="transaction", name="bet"),
        migrations.RemoveField(model_name="transaction", name="settlement"),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="bet",
                    name="wallet",
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="bets", to="ledger.account", verbose_name="wallet"),
                ),
            ],
            database_operations=[],
        ),
    ]
