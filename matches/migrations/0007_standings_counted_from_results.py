"""Counts the kept standings of every season already played (``standings_rebuild``).

It runs the service with today's models and the games' hooks, as the site runs them when this
migration lands; a database built afresh has no season yet and writes nothing. Elidable: a
squash drops it, and ``manage.py standings_rebuild`` does the same at any time."""

from django.db import migrations


def count_every_season(apps, schema_editor):
    from matches.standings_keeping import standings_rebuild

    standings_rebuild()


class Migration(migrations.Migration):
    dependencies = [("matches", "0006_standing_kept_per_team")]

    operations = [
        migrations.RunPython(count_every_season, migrations.RunPython.noop, elidable=True)
    ]
