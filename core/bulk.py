"""Inserting many rows at once, fastest the database allows: ``COPY`` on PostgreSQL (a season's
fixtures and results carry kilobytes of JSON each, and ``bulk_create``'s ``INSERT ... UNNEST``
spends four times as long escaping them into arrays), ``bulk_create`` elsewhere.

Like ``bulk_create``, it calls no ``save()`` and sends no signal: the caller records what a
signal would have told (history, settlement), the leagues of the rows are bumped here
(``core.league_versions``: their cached pages are stale), and the database still checks every constraint
and trigger. The objects get their ids (drawn from the table's sequence first, since ``COPY``
returns none)."""

from collections.abc import Sequence

from django.db import connection, models
from django.db.models.fields import AutoFieldMixin

from core import league_versions

BATCH = 1000


def rows_insert[M: models.Model](
    model: type[M], objects: Sequence[M], *, ids: bool = True
) -> Sequence[M]:
    """Insert ``objects`` of ``model`` (unsaved); the objects, with their ids. With
    ``ids=False`` (rows nobody reads back, such as history entries) a generated id is left to
    the table's default: one ``COPY``, no draw from the sequence, the objects without ids."""
    if not objects:
        return objects
    league_versions.rows_changed(model, objects)
    if connection.vendor != "postgresql":
        return model.objects.bulk_create(objects, batch_size=BATCH)
    meta = model._meta
    table = meta.db_table
    pk = meta.pk
    fields = list(meta.concrete_fields)
    if not ids and isinstance(pk, AutoFieldMixin):
        fields = [field for field in fields if field is not pk]
    with connection.cursor() as cursor:
        if ids and isinstance(pk, AutoFieldMixin) and any(obj.pk is None for obj in objects):
            cursor.execute(
                "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                [table, pk.column, len(objects)],
            )
            for obj, (value,) in zip(objects, cursor.fetchall(), strict=True):
                obj.pk = value
        columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
        with cursor.cursor.copy(
            f"COPY {connection.ops.quote_name(table)} ({columns}) FROM STDIN"
        ) as copy:
            for obj in objects:
                copy.write_row(
                    [
                        field.get_db_prep_save(field.pre_save(obj, add=True), connection)
                        for field in fields
                    ]
                )
    for obj in objects:
        obj._state.adding = False
        obj._state.db = connection.alias
    return objects


def _placeholders(fields: Sequence[models.Field], count: int, *, typed: bool) -> str:
    """``count`` rows of ``(%s, ...)``; with ``typed``, the first row's values cast to their
    columns' types, which a ``VALUES`` list outside an ``INSERT`` needs to read as those
    columns (the other rows take the first row's types)."""
    plain = "(" + ", ".join(["%s"] * len(fields)) + ")"
    if not typed:
        return ", ".join([plain] * count)
    first = "(" + ", ".join(f"%s::{field.cast_db_type(connection)}" for field in fields) + ")"
    return ", ".join([first] + [plain] * (count - 1))


def rows_insert_values[M: models.Model](model: type[M], objects: Sequence[M]) -> Sequence[M]:
    """Insert a few ``objects`` of ``model`` (unsaved) in one ``INSERT ... VALUES ...
    RETURNING`` per batch: each value bound once, where ``bulk_create``'s ``UNNEST`` escapes
    every JSON document twice into an array (four times the CPU for a chunk's ten results
    with their roll logs). The objects get their ids; no ``save()``, no signal."""
    if not objects:
        return objects
    league_versions.rows_changed(model, objects)
    if connection.vendor != "postgresql":
        return model.objects.bulk_create(objects, batch_size=BATCH)
    meta = model._meta
    pk = meta.pk
    generated = isinstance(pk, AutoFieldMixin)
    fields = [f for f in meta.concrete_fields if not (generated and f is pk)]
    columns = ", ".join(connection.ops.quote_name(field.column) for field in fields)
    with connection.cursor() as cursor:
        for start in range(0, len(objects), BATCH):
            batch = objects[start : start + BATCH]
            params = [
                field.get_db_prep_save(field.pre_save(obj, add=True), connection)
                for obj in batch
                for field in fields
            ]
            cursor.execute(
                f"INSERT INTO {connection.ops.quote_name(meta.db_table)} ({columns}) "
                f"VALUES {_placeholders(fields, len(batch), typed=False)} "
                f"RETURNING {connection.ops.quote_name(pk.column)}",
                params,
            )
            for obj, (value,) in zip(batch, cursor.fetchall(), strict=True):
                obj.pk = value
    for obj in objects:
        obj._state.adding = False
        obj._state.db = connection.alias
    return objects


def rows_update_values(
    model: type[models.Model], objects: Sequence[models.Model], fields: Sequence[str]
) -> int:
    """Write ``fields`` of each of ``objects`` (saved rows of ``model``) in one
    ``UPDATE ... FROM (VALUES ...)`` per batch: each row's own values, where ``bulk_update``
    builds a ``CASE`` per field over every row. No ``save()``, no signal; returns the rows
    updated."""
    if not objects:
        return 0
    league_versions.rows_changed(model, objects)
    if connection.vendor != "postgresql":
        return model.objects.bulk_update(objects, fields, batch_size=BATCH)
    meta = model._meta
    chosen = [meta.pk, *(meta.get_field(name) for name in fields)]
    quote = connection.ops.quote_name
    table = quote(meta.db_table)
    names = ", ".join(quote(field.column) for field in chosen)
    assignments = ", ".join(
        f"{quote(field.column)} = v.{quote(field.column)}" for field in chosen[1:]
    )
    updated = 0
    with connection.cursor() as cursor:
        for start in range(0, len(objects), BATCH):
            batch = objects[start : start + BATCH]
            params = [
                field.get_db_prep_save(getattr(obj, field.attname), connection)
                for obj in batch
                for field in chosen
            ]
            cursor.execute(
                f"UPDATE {table} SET {assignments} "
                f"FROM (VALUES {_placeholders(chosen, len(batch), typed=True)}) AS v ({names}) "
                f"WHERE {table}.{quote(meta.pk.column)} = v.{quote(meta.pk.column)}",
                params,
            )
            updated += cursor.rowcount
    return updated
