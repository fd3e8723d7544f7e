"""``leagues_copy``: what ``generate_load`` built, copied in the database K times
(``manage.py copy_leagues --times K``), so that 25 generated leagues become 1,000 in minutes.

Which rows are copied: ``generate_load`` records in its first ``LoadRun`` the highest id of every
table with integer ids before it started (``LoadRun.baseline``, from :func:`tables_baseline`).
Rows past it are the generated data (leagues, their users, teams, rosters, fixtures, results,
bets, ledger, ratings, history); rows up to it were there before (written by migrations:
content types, permissions, the games' sample team lists) and are shared, never copied. Not
copied either: ``SHARED`` (the run's witness), the rows ``ROW_FILTERS`` leaves out (the
per-game draw fits of the ratings, which belong to no league), and tables without integer ids
(sessions, API tokens: the copies start with none).

How: one transaction, one ``INSERT ... SELECT`` per table for all the copies (``CROSS JOIN
generate_series(1, K)``: the source rows read once, not once per copy, as the table grows), in
foreign-key order (a table after those it points to), the foreign keys checked at the end of
each statement. A table's rows in ``(base, top]`` (``top``: its highest id before the copy)
come back in copy ``k`` with ``id + k * (top - base)``,
and every column that points to a copied row moves by its table's offset the same way
(``CASE WHEN fk > base THEN fk + k * span``): a foreign key, a one-to-one primary key, the plain
integer ids of ``PLAIN_REFERENCES`` and the (content type, object id) pairs of
``GENERIC_REFERENCES`` (history entries). A unique constraint that holds no moved column needs
a per-copy value (``RENAMED``: usernames and emails get ``-c{n}``, league names `` c{n}``, where
``n`` is the copy's number, going on from the numbers earlier runs gave, ``LoadRun.copies``: a
second run copies the first one's copies too, under new names); a copied table with one that
has none is refused before anything is written.

The database keeps its promises on the copy: its foreign keys and the ledger's triggers run
(accounts open at 0, ``RESET``, and the copied entries move their balances and sum to zero,
so ``ledger_audit`` passes). Afterwards every sequence is set past the highest id and the
copied tables are analysed.

What still points at the source rows, harmless for reading: ids inside JSON documents (the
kick-off sheets' and reports' player ids, roll logs, history snapshots), except the Killpower
archive's ranking (``JSON_REWRITES``), which its standings page reads by team id. The Redis side
needs nothing: a league's page-cache version starts afresh when missing. PostgreSQL only.
"""

import graphlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from django.apps import apps
from django.contrib.contenttypes.models import ContentType
from django.db import connection, models, transaction

from core.refusals import Refused
from loadgen.models import LoadRun

MAX_TIMES = 1000

Moved = Callable[[str, str], str]
"""``moved(value_sql, model_label)``: the SQL of ``value_sql`` moved like the rows it points to."""

SHARED = {"loadgen.LoadRun"}
"""Models never copied: the run's witness."""
ROW_FILTERS = {"ratings.DrawFit": ("league_id IS NOT NULL", [["game"]])}
"""Rows copied (a SQL condition), and the unique constraints that cover only the rows left out."""
PLAIN_REFERENCES = {"core.HistoryEntry": {"league_id": "league.League", "owner_id": "auth.User"}}
"""Integer columns holding the id of a model without a foreign key."""
GENERIC_REFERENCES = {"core.HistoryEntry": ("content_type_id", "object_id", "object_pk")}
"""(content type, integer object id, the same id as text): moved by the content type's model."""
K = "copy.k"
"""The copy's number in the statements (``generate_series``)."""
RENAMED: dict[str, dict[str, str]] = {
    "auth.User": {
        "username": "{col} || '-c' || {n}",
        "email": "replace({col}, '@', '-c' || {n} || '@')",
    },
    "league.League": {"name": "{col} || ' c' || {n}"},
}
RESET = {"ledger.Account": {"balance": "0"}}
"""Columns given a fixed value: an account opens at 0, its copied entries move the balance."""


def _archive_ranking(column: str, moved: Moved) -> str:
    team = moved("key::bigint", "league.Team")
    return (
        f"CASE WHEN {column} ? 'ranking' THEN jsonb_set({column}, '{{ranking}}', COALESCE("
        f"(SELECT jsonb_object_agg(({team})::text, value) FROM jsonb_each({column} -> 'ranking')),"
        f" '{{}}'::jsonb)) ELSE {column} END"
    )


JSON_REWRITES: dict[str, dict[str, Callable[[str, Moved], str]]] = {
    "league.Season": {"archive": _archive_ranking}
}
"""JSON columns whose ids a page reads, rewritten; the other JSON stays as it is."""


@dataclass(frozen=True)
class Table:
    """A copied table: its generated rows have ids in ``(base, top]``."""

    model: type[models.Model]
    base: int
    top: int

    @property
    def name(self) -> str:
        return self.model._meta.db_table

    @property
    def label(self) -> str:
        return self.model._meta.label

    @property
    def span(self) -> int:
        return self.top - self.base


@dataclass
class CopyReport:
    times: int
    tables: int
    rows: dict[str, int] = field(default_factory=dict)
    """Rows added per table, over all copies."""
    seconds: dict[str, float] = field(default_factory=dict)
    """Seconds per table."""
    finishing_seconds: float = 0.0
    """Sequences and ``ANALYZE``."""


def models_with_integer_ids() -> list[type[models.Model]]:
    """Every table's model once (no proxy, no unmanaged), with integer ids."""
    seen: dict[str, type[models.Model]] = {}
    for model in apps.get_models(include_auto_created=True):
        meta = model._meta
        if meta.proxy or not meta.managed or meta.db_table in seen:
            continue
        if _integer_pk(model):
            seen[meta.db_table] = model
    return list(seen.values())


def _integer_pk(model: type[models.Model]) -> bool:
    pk = model._meta.pk
    if pk.is_relation:
        return _integer_pk(pk.related_model)
    return isinstance(pk, models.IntegerField)


def _highest(model: type[models.Model]) -> int:
    return model._base_manager.aggregate(top=models.Max("pk"))["top"] or 0


def tables_baseline() -> dict[str, int]:
    """The highest id of every table with integer ids (0 when empty)."""
    return {model._meta.db_table: _highest(model) for model in models_with_integer_ids()}


def copy_plan(baseline: dict[str, int]) -> list[Table]:
    """The tables to copy, in foreign-key order, each with its range of copied ids."""
    tables = {}
    for model in models_with_integer_ids():
        if model._meta.label in SHARED:
            continue
        base = baseline.get(model._meta.db_table, 0)
        top = _highest(model)
        if top > base:
            tables[model._meta.label] = Table(model=model, base=base, top=top)
    order = graphlib.TopologicalSorter()
    for label, table in tables.items():
        targets = {
            f.related_model._meta.label for f in table.model._meta.concrete_fields if f.is_relation
        }
        order.add(label, *(target for target in targets if target in tables and target != label))
    return [tables[label] for label in order.static_order()]


def _unique_sets(model: type[models.Model]) -> list[list[str]]:
    meta = model._meta
    sets = [[f.name] for f in meta.concrete_fields if f.unique and not f.primary_key]
    sets += [list(names) for names in meta.unique_together]
    for constraint in meta.constraints:
        if isinstance(constraint, models.UniqueConstraint):
            names = list(constraint.fields)
            for expression in constraint.expressions:
                names += _field_names(expression)
            sets.append(names)
    return sets


def _field_names(expression) -> list[str]:
    """The fields an index expression reads (``Lower(F("name"))``: ``name``)."""
    if isinstance(expression, models.F):
        return [expression.name]
    return [name for e in expression.get_source_expressions() for name in _field_names(e)]


def _check_unique(table: Table, copied: dict[str, Table]) -> None:
    """Refused when a unique constraint of ``table`` would repeat on the copies."""
    meta = table.model._meta
    renamed = RENAMED.get(table.label, {})
    moved = set(PLAIN_REFERENCES.get(table.label, {}))
    exempt = ROW_FILTERS.get(table.label, ("", []))[1]
    for names in _unique_sets(table.model):
        if names in exempt:
            continue
        fields = [meta.get_field(name) for name in names]
        if any(
            f.primary_key
            or f.column in moved
            or (f.is_relation and f.related_model._meta.label in copied)
            for f in fields
        ):
            continue
        if not all(f.column in renamed for f in fields):
            raise Refused(
                "copy_unique",
                f"{table.name}: no per-copy value for the unique {', '.join(names)} (RENAMED)",
                field="times",
            )


def _statement(
    table: Table, copied: dict[str, Table], content_types: dict[int, str], numbered: int
) -> str:
    """The ``INSERT ... SELECT`` of copies ``%(first)s`` to ``%(last)s`` of ``table``."""

    def moved(value: str, label: str) -> str:
        target = copied.get(label)
        if target is None:
            return value
        return (
            f"(CASE WHEN {value} > {target.base} THEN {value} + {target.span} * {K} "
            f"ELSE {value} END)"
        )

    label = table.label
    meta = table.model._meta
    plain = PLAIN_REFERENCES.get(label, {})
    generic = GENERIC_REFERENCES.get(label)
    columns, values = [], []
    for f in meta.concrete_fields:
        column = connection.ops.quote_name(f.column)
        if f.column in RENAMED.get(label, {}):
            value = RENAMED[label][f.column].format(col=column, n=f"({K} + {numbered})::text")
        elif f.column in RESET.get(label, {}):
            value = RESET[label][f.column]
        elif f.column in JSON_REWRITES.get(label, {}):
            value = JSON_REWRITES[label][f.column](column, moved)
        elif f.is_relation:
            target = f.related_model
            if target._meta.label in copied and f.target_field != target._meta.pk:
                raise Refused("copy_reference", f"{table.name}.{f.column}: not to an id")
            value = moved(column, target._meta.label)
        elif f.primary_key:
            value = moved(column, label)
        elif f.column in plain:
            value = moved(column, plain[f.column])
        elif generic and f.column in generic[1:]:
            kind, object_id, _object_pk = generic
            cases = " ".join(
                f"WHEN {ct} THEN {moved(object_id, target)}"
                for ct, target in sorted(content_types.items())
                if target in copied
            )
            value = f"(CASE {kind} {cases} ELSE {object_id} END)" if cases else object_id
            if f.column != object_id:
                value = f"COALESCE(({value})::text, {column})"
        else:
            value = column
        columns.append(column)
        values.append(value)
    pk = connection.ops.quote_name(meta.pk.column)
    where = f"{pk} > {table.base} AND {pk} <= {table.top}"
    if label in ROW_FILTERS:
        where += f" AND ({ROW_FILTERS[label][0]})"
    return (
        f"INSERT INTO {connection.ops.quote_name(table.name)} ({', '.join(columns)}) "
        f"SELECT {', '.join(values)} FROM {connection.ops.quote_name(table.name)} "
        f"CROSS JOIN generate_series(%(first)s::bigint, %(last)s::bigint) AS copy(k) WHERE {where}"
    )


def _content_types() -> dict[int, str]:
    """Content type id to the label of its model's table."""
    found = {}
    for kind in ContentType.objects.all():
        model = kind.model_class()
        if model is not None:
            concrete = model._meta.concrete_model or model
            found[kind.pk] = concrete._meta.label
    return found


def leagues_copy(
    *, times: int, progress: Callable[[str, int, float], None] | None = None
) -> CopyReport:
    """Copy the generated data ``times`` times (see the module's docstring). Refused without
    PostgreSQL, without a ``generate_load`` run recording its baseline, or for a table whose
    copies would break a unique constraint (nothing written then)."""
    if connection.vendor != "postgresql":
        raise Refused("postgresql_needed", "copying leagues needs PostgreSQL", field="times")
    if not 1 <= times <= MAX_TIMES:
        raise Refused(
            "times", f"give between 1 and {MAX_TIMES} copies (got {times})", field="times"
        )
    run = LoadRun.objects.order_by("pk").first()
    if run is None or not run.baseline:
        raise Refused(
            "nothing_generated", "no generate_load run with its baseline here", field="times"
        )
    plan = copy_plan(run.baseline)
    copied = {table.label: table for table in plan}
    for table in plan:
        _check_unique(table, copied)
    content_types = _content_types()
    numbered = run.copies  # copy numbers taken by earlier runs: names go on from there
    statements = [(table, _statement(table, copied, content_types, numbered)) for table in plan]
    report = CopyReport(times=times, tables=len(plan))
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # checked per statement, not queued
        for table, sql in statements:
            started = time.monotonic()
            cursor.execute(sql, {"first": 1, "last": times})
            report.rows[table.name] = cursor.rowcount
            report.seconds[table.name] = time.monotonic() - started
            if progress is not None:
                progress(table.name, cursor.rowcount, report.seconds[table.name])
    started = time.monotonic()
    _sequences_reset(plan)
    LoadRun.objects.filter(pk=run.pk).update(copies=numbered + times)
    report.finishing_seconds = time.monotonic() - started
    return report


def _sequences_reset(plan: list[Table]) -> None:
    """Every copied table's sequence past its highest id; the planner's statistics refreshed."""
    with connection.cursor() as cursor:
        for table in plan:
            pk = table.model._meta.pk
            if pk.is_relation:
                continue
            name = connection.ops.quote_name(table.name)
            column = connection.ops.quote_name(pk.column)
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence(%s, %s), (SELECT max({column}) FROM {name}))",
                [table.name, pk.column],
            )
        for table in plan:
            cursor.execute(f"ANALYZE {connection.ops.quote_name(table.name)}")
