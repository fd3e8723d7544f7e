"""Killpower's result reports and post-match runs move to the one workflow in ``matches``.

Reports keep their ids (the pages' and the API's ``reports/<pk>/...`` addresses, and each
result's ``record["result_report"]``, still name them); ``free_throws`` becomes the workflow's
``options``. A run that exists ran: it is ``done``. A played fixture still waiting for its
run (not awarded) gets a ``pending`` one, for the sweep to find. Reversible.
"""

from contextlib import contextmanager

from django.core.management.color import no_style
from django.db import migrations

REPORT_FIELDS = [
    "id",
    "fixture_id",
    "submitted_by_id",
    "payload",
    "decisions",
    "status",
    "reviewed_by_id",
    "disputed_by_id",
    "dispute_reason",
    "note",
    "created_at",
    "reviewed_at",
]
RUN_FIELDS = ["fixture_id", "seed", "log", "rolls", "created_at"]
FORFEIT = "forfeit"


@contextmanager
def _dates_kept(*models):
    """``created_at`` copied as it was, not stamped with the migration's time."""
    fields = [model._meta.get_field("created_at") for model in models]
    for field in fields:
        field.auto_now_add = False
    try:
        yield
    finally:
        for field in fields:
            field.auto_now_add = True


def _reset_sequences(schema_editor, *models):
    connection = schema_editor.connection
    for sql in connection.ops.sequence_reset_sql(no_style(), list(models)):
        schema_editor.execute(sql)


def forwards(apps, schema_editor):
    Old = apps.get_model("killpower", "ResultReport")
    OldRun = apps.get_model("killpower", "PostMatchRun")
    Report = apps.get_model("matches", "ResultReport")
    Run = apps.get_model("matches", "PostMatchRun")
    Fixture = apps.get_model("matches", "Fixture")
    reports = [
        Report(**{name: getattr(old, name) for name in REPORT_FIELDS}, options=old.free_throws)
        for old in Old.objects.order_by("pk").iterator()
    ]
    with _dates_kept(Report):
        Report.objects.bulk_create(reports, batch_size=1000)
    runs = [
        Run(
            **{name: getattr(old, name) for name in RUN_FIELDS},
            status="done",
            done_at=old.created_at,
        )
        for old in OldRun.objects.order_by("pk").iterator()
    ]
    waiting = (
        Fixture.objects.filter(status="played", season__league__rule_system="killpower")
        .exclude(pk__in=OldRun.objects.values("fixture_id"))
        .exclude(result__decided_by=FORFEIT)
        .exclude(result__isnull=True)
    )
    with _dates_kept(Run):
        Run.objects.bulk_create(runs, batch_size=1000)
    Run.objects.bulk_create(
        [Run(fixture_id=pk, status="pending") for pk in waiting.values_list("pk", flat=True)]
    )
    _reset_sequences(schema_editor, Report, Run)


def backwards(apps, schema_editor):
    Old = apps.get_model("killpower", "ResultReport")
    OldRun = apps.get_model("killpower", "PostMatchRun")
    Report = apps.get_model("matches", "ResultReport")
    Run = apps.get_model("matches", "PostMatchRun")
    reports = Report.objects.filter(fixture__season__league__rule_system="killpower")
    runs = Run.objects.filter(fixture__season__league__rule_system="killpower")
    with _dates_kept(Old, OldRun):
        _copy_back(Old, OldRun, reports, runs)
    reports.delete()
    runs.delete()
    _reset_sequences(schema_editor, Old, OldRun)


def _copy_back(Old, OldRun, reports, runs):
    Old.objects.bulk_create(
        [
            Old(**{name: getattr(new, name) for name in REPORT_FIELDS}, free_throws=new.options)
            for new in reports.order_by("pk")
        ]
    )
    OldRun.objects.bulk_create(
        [
            OldRun(
                fixture_id=new.fixture_id,
                seed=new.seed or 0,
                log=new.log,
                rolls=new.rolls,
                created_at=new.created_at,
            )
            for new in runs.filter(status="done").order_by("pk")
        ]
    )


class Migration(migrations.Migration):
    dependencies = [
        ("killpower", "0001_initial"),
        ("matches", "0009_table_results"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
