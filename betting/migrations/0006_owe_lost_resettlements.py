from django.db import migrations
from django.db.models import F, Max


def owe_lost_resettlements(apps, schema_editor):
    """Markets paid on a result corrected or voided since, whose re-settlement message was lost
    before witnesses existed: the fixture's latest correction now owes it (the sweep pays it
    by the result as it stands). A refunded market (``cancelled``) is left alone."""
    settlement = apps.get_model("betting", "Settlement")
    resettlement = apps.get_model("betting", "Resettlement")
    stale = (
        settlement.objects.filter(reversed_at=None)
        .exclude(outcome="cancelled")
        .exclude(outcome=F("fixture__result__winner"))
        .filter(fixture__corrections__kind__in=["corrected", "voided"])
        .values("fixture_id")
        .annotate(latest=Max("fixture__corrections__pk"))
    )
    resettlement.objects.bulk_create(
        [resettlement(correction_id=row["latest"], fixture_id=row["fixture_id"]) for row in stale],
        ignore_conflicts=True,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("betting", "0005_resettlement_and_bounds"),
    ]

    operations = [
        migrations.RunPython(owe_lost_resettlements, migrations.RunPython.noop),
    ]
