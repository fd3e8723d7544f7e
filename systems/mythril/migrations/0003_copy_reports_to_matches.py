"""Mythril's result reports and post-match runs move to the one workflow in ``matches``
(:func:`matches.table_results.moving.reports_move`): reports keep their ids where they are free
(after Killpower's and Tutatis's, moved first); runs keep their status. Reversible."""

from django.db import migrations

from matches.table_results.moving import move_operation


class Migration(migrations.Migration):
    dependencies = [
        ("mythril", "0002_entry_transaction_in_the_ledger"),
        ("matches", "0009_table_results"),
        ("tutatis", "0004_copy_reports_to_matches"),  # ids: theirs are kept first
    ]

    operations = [move_operation("mythril")]
