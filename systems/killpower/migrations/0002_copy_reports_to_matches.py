"""Killpower's result reports and post-match runs move to the one workflow in ``matches``
(:func:`matches.table_results.moving.reports_move`): reports keep their ids, ``free_throws``
becomes the workflow's ``options``, a run that exists ran. Reversible."""

from django.db import migrations

from matches.table_results.moving import move_operation


class Migration(migrations.Migration):
    dependencies = [
        ("killpower", "0001_initial"),
        ("matches", "0009_table_results"),
    ]

    operations = [move_operation("killpower", options="free_throws")]
