# Betting's state lets go of the ledger's models (ledger 0001 holds them): no table changes.
# Every other app's reference to them was pointed at the ledger before this runs.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ("betting", "0007_transaction_links"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="Entry"),
                migrations.DeleteModel(name="Transaction"),
                migrations.DeleteModel(name="Account"),
            ],
            database_operations=[],
        ),
    ]
