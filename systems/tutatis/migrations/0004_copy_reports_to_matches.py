"""Tutatis's result reports and post-match runs move to the one workflow in ``matches``
(:func:`matches.table_results.moving.reports_move`): reports keep their ids where they are free
(after Killpower's, moved first), a run that exists ran. Reversible."""

from django.db import migrations

from matches.table_results.moving import move_operation


class Migration(migrations.Migration):
    dependencies = [
        ("tutatis", "0003_post_match_run"),
        ("matches", "0009_table_results"),
        ("killpower", "0002_copy_reports_to_matches"),  # ids: Killpower's are kept first
    ]

    operations = [move_operation("tutatis")]
