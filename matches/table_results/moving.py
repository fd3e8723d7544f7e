"""Moving a game's own result-report and post-match tables into the workflow's, for the
games' data migrations (historical models in, nothing of today's code's models used).

Reports keep their ids where the id is free (the pages' and the API's ``reports/<pk>/...``
addresses still name them); one that must take a new id has its result's
``record["result_report"]`` follow it. A run that exists without a status of its own ran: it
is ``done``. A played fixture of the game still waiting for its run (not awarded) gets a
``pending`` one, for the sweep to find. ``created_at`` is copied as it was.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.core.management.color import no_style

REPORT_FIELDS = (
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
)
RUN_FIELDS = ("fixture_id", "status", "seed", "log", "rolls", "created_at", "done_at")
FORFEIT = "forfeit"


@contextmanager
def dates_kept(*models: Any) -> Iterator[None]:
    """``created_at`` written as given, not stamped with the migration's time."""
    fields = [model._meta.get_field("created_at") for model in models]
    for field in fields:
        field.auto_now_add = False
    try:
        yield
    finally:
        for field in fields:
            field.auto_now_add = True


def sequences_reset(schema_editor: Any, *models: Any) -> None:
    connection = schema_editor.connection
    for sql in connection.ops.sequence_reset_sql(no_style(), list(models)):
        schema_editor.execute(sql)


def _attnames(model: Any) -> set[str]:
    return {field.attname for field in model._meta.concrete_fields}


def _copied(source: Any, names: tuple[str, ...], target: Any) -> dict[str, Any]:
    """``names``' values of ``source`` that ``target`` (a model) has a column for too."""
    both = _attnames(type(source)) & _attnames(target)
    return {name: getattr(source, name) for name in names if name in both}


def reports_move(
    apps: Any, schema_editor: Any, *, game: str, old_reports: Any, old_runs: Any, options: str = ""
) -> None:
    """Copy ``old_reports`` and ``old_runs`` (historical models of ``game``'s app) into
    ``matches``' ``ResultReport`` and ``PostMatchRun``; ``options`` names the old report
    field that becomes the workflow's ``options``."""
    Report = apps.get_model("matches", "ResultReport")
    Run = apps.get_model("matches", "PostMatchRun")
    Fixture = apps.get_model("matches", "Fixture")
    Result = apps.get_model("matches", "Result")
    taken = set(Report.objects.values_list("pk", flat=True))
    renumbered: dict[int, Any] = {}
    kept, moved = [], []
    for old in old_reports.objects.order_by("pk").iterator():
        row = Report(**_copied(old, REPORT_FIELDS, Report))
        if options:
            row.options = getattr(old, options)
        if old.pk in taken:
            moved.append(row)
            renumbered[old.pk] = row
        else:
            row.pk = old.pk
            kept.append(row)
    with dates_kept(Report):
        Report.objects.bulk_create(kept, batch_size=1000)
        sequences_reset(schema_editor, Report)
        for row in moved:
            row.save()
    for old_id, row in renumbered.items():
        for result in Result.objects.filter(
            fixture_id=row.fixture_id, record__result_report=old_id
        ):
            result.record["result_report"] = row.pk
            result.save(update_fields=["record"])
    runs = []
    for old in old_runs.objects.order_by("pk").iterator():
        run = Run(**_copied(old, RUN_FIELDS, Run))
        if "status" not in _attnames(old_runs):
            run.status, run.done_at = "done", old.created_at
        runs.append(run)
    with dates_kept(Run):
        Run.objects.bulk_create(runs, batch_size=1000)
    waiting = (
        Fixture.objects.filter(status="played", season__league__rule_system=game)
        .exclude(pk__in=old_runs.objects.values("fixture_id"))
        .exclude(result__decided_by=FORFEIT)
        .exclude(result__isnull=True)
    )
    Run.objects.bulk_create(
        [Run(fixture_id=pk, status="pending") for pk in waiting.values_list("pk", flat=True)]
    )
    sequences_reset(schema_editor, Report, Run)


def reports_move_back(
    apps: Any, schema_editor: Any, *, game: str, old_reports: Any, old_runs: Any, options: str = ""
) -> None:
    """The reverse of :func:`reports_move`: ``game``'s rows back into its own tables (ids
    kept; pending runs of a table that witnesses only runs that ran are left out)."""
    Report = apps.get_model("matches", "ResultReport")
    Run = apps.get_model("matches", "PostMatchRun")
    reports = Report.objects.filter(fixture__season__league__rule_system=game)
    runs = Run.objects.filter(fixture__season__league__rule_system=game)
    if "status" not in _attnames(old_runs):
        runs_back = runs.filter(status="done")
    else:
        runs_back = runs.exclude(status="failed")
    with dates_kept(old_reports, old_runs):
        rows = []
        for new in reports.order_by("pk"):
            row = old_reports(pk=new.pk, **_copied(new, REPORT_FIELDS, old_reports))
            if options:
                setattr(row, options, new.options)
            rows.append(row)
        old_reports.objects.bulk_create(rows)
        old_runs.objects.bulk_create(
            [old_runs(**_copied(new, RUN_FIELDS, old_runs)) for new in runs_back.order_by("pk")]
        )
    reports.delete()
    runs.delete()
    sequences_reset(schema_editor, old_reports, old_runs)


def move_operation(game: str, *, options: str = "") -> Any:
    """The migration operation that moves ``game``'s ``ResultReport`` and ``PostMatchRun``
    (its app's label is the game's name) into the workflow's, and back when reversed."""
    from django.db import migrations

    def tables(apps: Any) -> dict[str, Any]:
        return {
            "game": game,
            "old_reports": apps.get_model(game, "ResultReport"),
            "old_runs": apps.get_model(game, "PostMatchRun"),
            "options": options,
        }

    def forwards(apps: Any, schema_editor: Any) -> None:
        reports_move(apps, schema_editor, **tables(apps))

    def backwards(apps: Any, schema_editor: Any) -> None:
        reports_move_back(apps, schema_editor, **tables(apps))

    return migrations.RunPython(forwards, backwards)
