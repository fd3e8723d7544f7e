"""Killpower's result reports and post-match runs move to the one workflow in ``matches``
(:func:`matches.table_results.moving.reports_move`): reports keep their ids, ``free_throws``
becomes the workflow's ``options``, a run that exists ran. Reversible."""

from django.db import migrations

from matches.table_results.moving import reports_move, reports_move_back

GAME = "killpower"


def _tables(apps):
    return {
        "game": GAME,
        "old_reports": apps.get_model("killpower", "ResultReport"),
        "old_runs": apps.get_model("killpower", "PostMatchRun"),
        "options": "free_throws",
    }


def forwards(apps, schema_editor):
    reports_move(apps, schema_editor, **_tables(apps))


def backwards(apps, schema_editor):
    reports_move_back(apps, schema_editor, **_tables(apps))


class Migration(migrations.Migration):
    dependencies = [
        ("killpower", "0001_initial"),
        ("matches", "0009_table_results"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
