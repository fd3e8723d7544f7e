# A matchday entry's transaction is the ledger's now (the same table, betting_transaction until
# ledger 0002 renames it): state only, before betting's state lets go of the model.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("mythril", "0001_initial"),
        ("ledger", "0001_initial"),
    ]
    run_before = [("betting", "0008_ledger_models_leave_betting")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="matchdayentry",
                    name="transaction",
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="+", to="ledger.transaction"),
                ),
            ],
            database_operations=[],
        ),
    ]
