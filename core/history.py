"""The history of changes: who changed what in a league, and when.

Every app registers its own rows with :func:`core.history_registry.track`: django-auditlog
then writes a :class:`core.models.HistoryEntry` with the changed fields (old → new) on each
save and delete, scoped by that registry (league, owner, address). The actor is the signed-in user (auditlog's middleware), the API
token's owner (:func:`actor_set`, called by the token authentication) or nobody for a worker
("system").

A change made by a bulk ``UPDATE`` sends no signal: its service records it with
:func:`record_many`, in the same transaction (:func:`record_saves` for rows written in bulk,
:func:`record_deletes` for rows deleted in one statement, :func:`rows_delete` to delete
them so).
"""

import functools
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from auditlog.cid import get_cid
from auditlog.context import auditlog_disabled, auditlog_value, disable_auditlog
from auditlog.diff import (
    get_field_value,
    get_mask_function,
    is_primitive,
    model_instance_diff,
    track_field,
)
from auditlog.registry import auditlog
from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.contenttypes.models import ContentType
from django.db import DEFAULT_DB_ALIAS, connection, models, router
from django.db.models.deletion import Collector
from django.db.models.signals import pre_save
from django.utils import timezone
from django.utils.encoding import smart_str

from core import league_versions
from core.bulk import BATCH
from core.history_registry import entry_scope, page_url
from core.models import HistoryEntry

FEW = 20
"""Up to this many entries go in as one ``INSERT``, more as a ``COPY`` (PostgreSQL)."""


def actor_set(user: User | AnonymousUser) -> None:
    """Name ``user`` the actor of the changes the current request makes (the API token's
    owner, known only once DRF authenticates, after auditlog's middleware ran)."""
    if not user.is_authenticated:
        return
    try:
        context = auditlog_value.get()
    except LookupError:
        return
    context["actor"] = user


@dataclass(frozen=True)
class Change:
    """One row changed by a bulk statement, for :func:`record_many`."""

    object_id: int
    object_repr: str
    changes: dict[str, list[str]] = field(default_factory=dict)
    owner_id: int | None = None


def record_many(
    *,
    model: type[models.Model],
    league_id: int | None,
    changes: Iterable[Change],
    action: int | None = None,
    url: str = "",
) -> int:
    """Write one entry per changed row, in batches (rows a bulk ``UPDATE`` or ``bulk_create``
    changed without signals). Actor, address and correlation id come from the request as for
    any other entry; a worker's have none. Returns the number of entries written."""
    content_type_id = ContentType.objects.get_for_model(model).pk
    cid = get_cid()
    return _write(
        {
            "content_type_id": content_type_id,
            "object_pk": str(change.object_id),
            "object_id": change.object_id,
            "object_repr": change.object_repr,
            "action": HistoryEntry.Action.UPDATE if action is None else action,
            "changes": change.changes,
            "league_id": league_id,
            "owner_id": change.owner_id,
            "additional_data": {"url": url},
            "cid": cid,
        }
        for change in changes
    )


def _request_values() -> dict[str, Any]:
    """What auditlog's ``pre_save`` receiver would set on an entry from the request's context
    (``auditlog.context``: the actor and their email, the remote address and port), by field
    ``attname``: read straight from that context (as ``auditlog.context._set_extra_data``
    reads it) once for all the entries of a write, rather than by a signal sent to a probe
    entry. Nothing while the context's receiver is not connected (outside ``set_actor`` or the
    middleware), as the signal would set nothing; values equal to a blank entry's are left out."""
    try:
        context = auditlog_value.get()
    except LookupError:
        return {}
    duid = context.get("signal_duid")
    if not any(lookup[0] == duid for lookup, *_rest in pre_save.receivers):
        return {}
    values: dict[str, Any] = {}
    actor = context.get("actor")
    if "actor" in context and isinstance(actor, User):
        values["actor_id"] = actor.pk
        values["actor_email"] = getattr(actor, "email", None)
    for key, value in context.items():
        if key != "actor" and hasattr(HistoryEntry, key):
            value = value() if callable(value) else value
            if key in _ATTNAMES:  # the probe kept the entry's fields alone, its time aside
                values[_ATTNAMES[key]] = value
    return {name: value for name, value in values.items() if value != _blank_value(name)}


_ATTNAMES = {
    key: field.attname
    for field in HistoryEntry._meta.concrete_fields
    if field.attname != "timestamp"
    for key in (field.name, field.attname)
}


def _blank_value(attname: str) -> Any:
    """A field's value on a blank entry (``HistoryEntry()``), by ``attname``."""
    if attname not in _BLANK:
        _BLANK[attname] = getattr(HistoryEntry(), attname)
    return _BLANK[attname]


_BLANK: dict[str, Any] = {}


def _write(entries: Iterable[dict[str, Any]]) -> int:
    """Store ``entries`` (each a ``HistoryEntry``'s values by field ``attname``) with the
    request's actor, address and time: on PostgreSQL one ``INSERT`` of plain rows (a
    ``COPY`` beyond ``FEW`` of them; no model instance, no signal per entry), elsewhere
    ``bulk_create``. The entries' leagues are bumped
    (``core.league_versions``: rows written without a signal)."""
    request = _request_values()
    fields, defaults = _entry_fields()
    defaults = {**defaults, "timestamp": timezone.now()}
    rows = []
    leagues: dict[int, bool] = {}  # league -> whether a row the leagues list shows changed
    for entry in entries:
        entry.update(request)
        rows.append(entry)
        league_id = entry.get("league_id")
        if league_id is not None and not leagues.get(league_id):
            leagues[league_id] = _listed(entry.get("content_type_id"))
    if not rows:
        return 0
    if connection.vendor == "postgresql":
        as_json, columns, table = _entry_sql()
        values = (
            [
                _json(row[f.attname])
                if f.attname in as_json and row.get(f.attname) is not None
                else row.get(f.attname, defaults[f.attname])
                for f in fields
            ]
            for row in rows
        )
        with connection.cursor() as cursor:
            if len(rows) <= FEW:  # a statement of its own costs less than a COPY's three steps
                marks = ", ".join(["%s"] * len(fields))
                cursor.execute(
                    f"INSERT INTO {table} ({columns}) VALUES "
                    + ", ".join([f"({marks})"] * len(rows)),
                    [value for row in values for value in row],
                )
            else:
                with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                    for row in values:
                        copy.write_row(row)
    else:
        HistoryEntry.objects.bulk_create(
            [HistoryEntry(**{**defaults, **row}) for row in rows], batch_size=BATCH
        )
    for league_id, listed in leagues.items():  # rows written without a signal
        league_versions.league_changed(league_id, listed=listed)
    return len(rows)


@functools.cache
def _entry_fields() -> tuple[list[Any], dict[str, Any]]:
    """An entry's columns (its key aside) and their defaults (its time aside), worked out once
    per process: none of them changes from entry to entry."""
    fields = [f for f in HistoryEntry._meta.concrete_fields if not f.primary_key]
    return fields, {f.attname: f.get_default() for f in fields if f.attname != "timestamp"}


@functools.cache
def _entry_sql() -> tuple[frozenset[str], str, str]:
    """The JSON fields, the quoted column list and the quoted table of an entry (PostgreSQL),
    once per process."""
    fields, _defaults = _entry_fields()
    return (
        frozenset(f.attname for f in fields if isinstance(f, models.JSONField)),
        ", ".join(connection.ops.quote_name(f.column) for f in fields),
        connection.ops.quote_name(HistoryEntry._meta.db_table),
    )


def _listed(content_type_id: int | None) -> bool:
    """Whether an entry about a row of this content type can change the leagues list (an
    unknown one: yes)."""
    if content_type_id is None:
        return True
    model = ContentType.objects.get_for_id(content_type_id).model_class()
    return model is None or league_versions.shown_in_list(model)


def _json(value: Any) -> str:
    """A JSON document as ``JSONField`` writes it (``json.dumps`` with its default encoder)."""
    return json.dumps(value)


def record_saves(
    *,
    saves: Iterable[tuple[models.Model | None, models.Model]],
    fields: Iterable[str] | None = None,
) -> int:
    """One entry per row written in bulk (``bulk_create``, ``bulk_update``, a queryset
    ``update``: no signal), the entry auditlog would have written had each row been saved one
    by one: each pair is the row before (``None`` when created) and after, ``fields`` the
    ``update_fields`` of such a save. The same diff (auditlog's own), league, owner and
    address as a ``save()`` gets, written in one statement per batch. Returns the number of
    entries written (a row whose tracked fields did not change gets none)."""
    return record_save_groups(groups=[(saves, fields)])


def _diffed(model: type[models.Model], created: bool, checked: tuple[str, ...] | None) -> list[Any]:
    """The fields auditlog's ``model_instance_diff`` compares for a row of ``model`` (created,
    or saved with ``update_fields`` ``checked``): worked out once per kind of write."""
    key = (model, created, checked)
    if key not in _DIFFED:
        fields: list[Any] = (
            [f for f in model._meta.get_fields() if track_field(f)]
            if created
            else list(model._meta.fields)
        )
        if checked:
            fields = [
                f
                for f in fields
                if (isinstance(f, models.ForeignKey) and f.attname in checked) or f.name in checked
            ]
        options = auditlog.get_model_fields(model)
        if options["include_fields"]:
            fields = [f for f in fields if f.name in options["include_fields"]]
        if options["exclude_fields"]:
            fields = [f for f in fields if f.name not in options["exclude_fields"]]
        _DIFFED[key] = fields
    return _DIFFED[key]


_DIFFED: dict[tuple[type[models.Model], bool, tuple[str, ...] | None], list[Any]] = {}


def row_diff(
    old: models.Model | None, new: models.Model, checked: tuple[str, ...] | None = None
) -> dict[str, tuple[Any, Any]] | None:
    """auditlog's ``model_instance_diff(old, new, fields_to_check=checked)``, its fields chosen
    once per model and kind of write rather than for each row: each field's value read as
    auditlog reads it (``get_field_value``), masked where the model asks."""
    as_json = settings.AUDITLOG_STORE_JSON_CHANGES
    fields = _diffed(type(new), old is None, checked)
    options = auditlog.get_model_fields(type(new))
    diff: dict[str, tuple[Any, Any]] = {}
    # a created row's "before" is auditlog's value of no row, the same for every field
    nothing = get_field_value(None, fields[0], as_json) if old is None and fields else None
    for compared in fields:
        name = compared.name
        before = nothing if old is None else get_field_value(old, compared, as_json)
        after = get_field_value(new, compared, as_json)
        if before == after:
            continue
        if name in options["mask_fields"]:
            mask = get_mask_function(options.get("mask_callable"))
            diff[name] = (mask(smart_str(before)), mask(smart_str(after)))
        elif not as_json:
            diff[name] = (smart_str(before), smart_str(after))
        else:
            diff[name] = (
                before if is_primitive(before) else smart_str(before),
                after if is_primitive(after) else smart_str(after),
            )
    return diff or None


def record_save_groups(
    *,
    groups: Iterable[
        tuple[Iterable[tuple[models.Model | None, models.Model]], Iterable[str] | None]
    ],
) -> int:
    """:func:`record_saves` for several kinds of bulk write at once (``(saves, fields)`` each:
    a chunk's results created and its fixtures marked played), their entries in one
    statement."""
    if auditlog_disabled.get(False):  # as auditlog's receivers: nothing while it is off
        return 0
    cid = get_cid()

    def entries() -> Iterable[dict[str, Any]]:
        for saves, fields in groups:
            checked = tuple(fields) if fields is not None else None
            for old, new in saves:
                changes = row_diff(old, new, checked)
                if changes is None:
                    continue
                yield {
                    "content_type_id": ContentType.objects.get_for_model(new).pk,
                    "object_pk": str(new.pk),
                    "object_id": new.pk,
                    "object_repr": smart_str(new),
                    "action": HistoryEntry.Action.CREATE
                    if old is None
                    else HistoryEntry.Action.UPDATE,
                    "changes": changes,
                    "cid": cid,
                    **entry_scope(new),
                }

    return _write(entries())


def record_deletes(rows: Iterable[models.Model]) -> int:
    """One entry per row about to be deleted without auditlog (its receivers switched off with
    ``auditlog.context.disable_auditlog`` around the delete, in the same transaction), the entry
    its ``log_delete`` would have written for each: every field old → None, the row's text as it stood, the same league,
    owner and address; written in one statement per batch (auditlog writes one per row, and reads
    each row's parents again for its text). ``rows`` must hold what the text reads (their
    parents selected with them). Returns the number of entries written."""
    if auditlog_disabled.get(False):  # as auditlog's receivers: nothing while it is off
        return 0
    cid = get_cid()

    def entry(row: models.Model) -> dict[str, Any] | None:
        changes = model_instance_diff(
            row, None, use_json_for_changes=settings.AUDITLOG_STORE_JSON_CHANGES
        )
        if not changes:
            return None
        return {
            "content_type_id": ContentType.objects.get_for_model(row).pk,
            "object_pk": str(row.pk),
            "object_id": row.pk,
            "object_repr": smart_str(row),
            "action": HistoryEntry.Action.DELETE,
            "changes": changes,
            "cid": cid,
            **entry_scope(row),
        }

    return _write(e for row in rows if (e := entry(row)) is not None)


def rows_delete(rows: list[models.Model]) -> None:
    """Delete ``rows`` (of one model) in one statement (and one per table their deletion
    cascades to), each row's history entry written in one (:func:`record_deletes`: ``rows``
    hold what each entry's text reads)."""
    if not rows:
        return
    record_deletes(rows)  # before the delete, which clears the rows' ids
    collector = Collector(using=router.db_for_write(type(rows[0])))
    collector.collect(rows)
    with disable_auditlog():
        collector.delete()


def _text(value: Any) -> str:
    """A value as auditlog writes it in a diff."""
    if isinstance(value, dict | list):
        return json.dumps(value, sort_keys=True, default=str)
    return str(value)


def snapshot(rows: Iterable[models.Model], fields: Iterable[str]) -> dict[int, dict[str, str]]:
    """The ``fields`` of each row before a ``bulk_update``, for :func:`record_changes`."""
    names = list(fields)
    return {row.pk: {name: _text(getattr(row, name)) for name in names} for row in rows}


def record_changes(
    *,
    rows: Iterable[models.Model],
    before: dict[int, dict[str, str]],
    league_id: int | None,
    url: str = "",
) -> int:
    """One entry per row whose fields differ from ``before`` (rows a ``bulk_update`` wrote);
    none while auditlog is off, as for a ``save()``."""
    if auditlog_disabled.get(False):
        return 0
    rows = list(rows)
    changes = []
    for row in rows:
        diff = {}
        for name, old in before.get(row.pk, {}).items():
            new = _text(getattr(row, name))
            if new != old:
                diff[name] = [old, new]
        if diff:
            changes.append(Change(row.pk, str(row), diff))
    if not changes:
        return 0
    return record_many(
        model=type(rows[0]), league_id=league_id, changes=changes, url=url or page_url(rows[0])
    )


def _json_object(pairs: list[tuple[str, str, str]]) -> str:
    """SQL building ``{field: [old, new], ...}`` from SQL text expressions, per database."""
    if connection.vendor == "postgresql":
        items = ", ".join(f"'{name}', json_build_array({old}, {new})" for name, old, new in pairs)
        return f"json_build_object({items})::jsonb"
    items = ", ".join(f"'{name}', json_array({old}, {new})" for name, old, new in pairs)
    return f"json_object({items})"


def record_select(
    *,
    model: type[models.Model],
    where: str,
    params: list[Any],
    league_id: int | None,
    changes: dict[str, tuple[str, str]],
    object_repr: str,
    owner_column: str | None = None,
    url: str = "",
) -> int:
    """One entry per row of ``model``'s table matching ``where`` (SQL on the alias ``src``),
    written by the database in one ``INSERT ... SELECT``: for thousands of rows changed by one
    statement (a settlement's bets), where building the entries in Python would cost seconds.

    ``changes`` maps each field to SQL text expressions of its old and new values (a column
    of ``src`` or a quoted constant); ``object_repr`` is an SQL text expression. Actor,
    correlation id and time are the request's, as for :func:`record_many`."""
    probe = HistoryEntry(cid=get_cid())
    pre_save.send(
        sender=HistoryEntry, instance=probe, raw=False, using=DEFAULT_DB_ALIAS, update_fields=None
    )
    columns = {field.name: field.column for field in HistoryEntry._meta.concrete_fields}
    values = {
        "content_type": ("%s", ContentType.objects.get_for_model(model).pk),
        "object_pk": ("CAST(src.id AS TEXT)", None),
        "object_id": ("src.id", None),
        "object_repr": (object_repr, None),
        "action": ("%s", HistoryEntry.Action.UPDATE),
        "changes_text": ("%s", ""),
        "changes": (_json_object([(name, *pair) for name, pair in changes.items()]), None),
        "actor": ("%s", probe.actor_id),
        "actor_email": ("%s", probe.actor_email),
        "cid": ("%s", probe.cid),
        "timestamp": ("%s", connection.ops.adapt_datetimefield_value(timezone.now())),
        "additional_data": (
            "CAST(%s AS jsonb)" if connection.vendor == "postgresql" else "%s",
            json.dumps({"url": url}),
        ),
        "league_id": ("%s", league_id),
        "owner_id": (f"src.{owner_column}" if owner_column else "%s", None),
    }
    sql_values, sql_params = [], []
    for expression, value in values.values():
        sql_values.append(expression)
        if "%s" in expression:
            sql_params.append(value)
    names = ", ".join(connection.ops.quote_name(columns[name]) for name in values)
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {connection.ops.quote_name(HistoryEntry._meta.db_table)} ({names}) "
            f"SELECT {', '.join(sql_values)} FROM {connection.ops.quote_name(model._meta.db_table)}"
            f" AS src WHERE {where}",
            [*sql_params, *params],
        )
        if cursor.rowcount:
            league_versions.league_changed(league_id, listed=league_versions.shown_in_list(model))
        return cursor.rowcount
