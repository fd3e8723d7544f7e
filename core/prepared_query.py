"""A queryset compiled to SQL once per database connection, then run again with other values.

Django compiles a queryset to SQL on every evaluation: for a hot query with a chain of
``select_related``, deferred fields and a lock, compiling costs more CPU than the database
spends answering. :class:`PreparedQuery` builds the queryset once with placeholder values,
keeps its SQL and its compiler (which columns make which object), and afterwards only swaps
the values in and builds the objects as Django's own ``ModelIterable`` does: the same rows,
the same related objects, the same deferred fields and annotations.

Every value that changes between runs must be a parameter of ``build``, with its type (``int``
for an id, ``str`` for a text compared as is): ``build`` is handed a placeholder of that type
for each, and each placeholder must reach the SQL as exactly one parameter, unchanged; anything
else in the queryset is fixed.

On PostgreSQL the query is also a prepared statement of the server: it runs through a
server-binding cursor, and psycopg prepares it on the connection after ``PREPARE_AFTER`` runs.
The settings do the same for every query (``DATABASE_PREPARED_STATEMENTS``, on by default);
with them off, these hot queries are still prepared while the others bind on the client.
Planning the bet's fixture lock (five tables) cost the database 0.45 ms of its 0.6; prepared,
the lock costs 0.16 ms. Through PgBouncer, prepared statements need its
``max_prepared_statements`` (docs/scaling.md); behind a PgBouncer in transaction pooling
(``DATABASE_TRANSACTION_POOLING``) nothing is prepared, and the query runs through Django's own
cursor.
"""

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary
from weakref import ref as weak_ref

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Model, QuerySet
from django.db.models.query import _get_from_db, get_related_populators
from django.db.transaction import TransactionManagementError

_PLACEHOLDER_BASE = -(2**62)

PREPARE_AFTER = 2
"""Runs of a query on one connection planned as usual before the next one prepares it
(psycopg's ``prepare_threshold``): a query run once is never kept. psycopg forgets them all
after a rollback, and prepares them again."""


def _placeholder(kind: type, index: int) -> Any:
    if kind is int:
        return _PLACEHOLDER_BASE - index
    if kind is str:
        return f"<prepared query placeholder {index}>"
    raise TypeError(f"a prepared query takes int or str values, not {kind.__name__}")


class _Compiled:
    __slots__ = (
        "compiler",
        "composite",
        "converters",
        "end",
        "fetch_mode",
        "fields",
        "from_db",
        "init_list",
        "locks",
        "params",
        "populators",
        "queryset",
        "slots",
        "sql",
        "start",
    )

    def __init__(self, queryset: QuerySet, placeholders: tuple[int, ...], alias: str) -> None:
        compiler = queryset.query.get_compiler(using=alias)
        sql, params = compiler.as_sql()
        slots = []
        for placeholder in placeholders:
            found = [
                i for i, p in enumerate(params) if type(p) is type(placeholder) and p == placeholder
            ]
            if len(found) != 1:
                raise ValueError(f"placeholder {placeholder} is {len(found)} parameters, not one")
            slots.append(found[0])
        self.compiler, self.sql, self.params, self.slots = compiler, sql, list(params), slots
        self.queryset = queryset
        self.locks = bool(
            queryset.query.select_for_update and compiler.connection.features.has_select_for_update
        )
        # How a row becomes objects, as ModelIterable works it out on every run: the same for
        # every run of this SQL on this connection, so worked out here once.
        self.fields = [column[0] for column in compiler.select[0 : compiler.col_count]]
        self.converters = compiler.get_converters(self.fields)
        self.composite = compiler.has_composite_fields(self.fields)
        klass_info = compiler.klass_info
        select_fields = klass_info["select_fields"]
        self.start, self.end = select_fields[0], select_fields[-1] + 1
        self.init_list = [f[0].target.attname for f in compiler.select[self.start : self.end]]
        self.fetch_mode = queryset._fetch_mode
        self.from_db = _get_from_db(klass_info["model"], self.fetch_mode)
        # a fetch mode that tracks peers keeps them on its populators: new ones for each run
        self.populators = (
            None
            if self.fetch_mode.track_peers
            else get_related_populators(klass_info, compiler.select, queryset.db, self.fetch_mode)
        )


class PreparedQuery:
    """``build(*values)`` -> a queryset of model instances; ``prepared(*values)`` -> their list."""

    def __init__(
        self, build: Callable[..., QuerySet], types: tuple[type, ...], using: str = DEFAULT_DB_ALIAS
    ):
        self.build = build
        self.using = using
        self.types = types
        self.placeholders = tuple(_placeholder(kind, i) for i, kind in enumerate(types))
        self._compiled: WeakKeyDictionary[Any, _Compiled] = WeakKeyDictionary()

    def _prepare(self, connection: Any) -> _Compiled:
        compiled = self._compiled.get(connection)
        if compiled is None:
            queryset = self.build(*self.placeholders)
            compiled = _Compiled(queryset, self.placeholders, self.using)
            self._compiled[connection] = compiled
        return compiled

    def __call__(self, *values: Any) -> list[Model]:
        connection = connections[self.using]
        compiled = self._prepare(connection)
        if compiled.locks and connection.get_autocommit():  # as the compiler checks
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )
        params = list(compiled.params)
        for slot, kind, value in zip(compiled.slots, self.types, values, strict=True):
            params[slot] = kind(value)
        with _cursor(connection) as cursor:
            cursor.execute(compiled.sql, params)
            fetched = cursor.fetchall()
        return _objects(compiled, fetched)


def _cursor(connection: BaseDatabaseWrapper) -> Any:
    """Django's cursor, or on PostgreSQL a server-binding one that prepares its repeated
    queries, wrapped as Django wraps its own (query logging, execute wrappers, errors);
    Django's own behind PgBouncer in transaction pooling."""
    if connection.vendor != "postgresql" or settings.DATABASE_TRANSACTION_POOLING:
        # Transaction pooling: the next transaction may run on another server connection,
        # which never saw the statement prepared on this one.
        return connection.cursor()
    from django.db.backends.postgresql.base import TIMESTAMPTZ_OID, ServerBindingCursor
    from django.db.backends.postgresql.psycopg_any import register_tzloader
    from psycopg.pq import Format

    connection.ensure_connection()
    raw = connection.connection
    if raw.prepare_threshold is None:
        # Preparing is off (DATABASE_PREPARED_STATEMENTS=false). Only a server-binding cursor
        # ever prepares, and the connection's others bind on the client: this is ours alone.
        raw.prepare_threshold = PREPARE_AFTER
    with connection.wrap_database_errors:
        cursor = ServerBindingCursor(raw)
    # the time zone of the rows read, as Django's own cursors get it (create_cursor)
    loader = raw.adapters.get_loader(TIMESTAMPTZ_OID, Format.TEXT)
    if connection.timezone != loader.timezone:
        register_tzloader(connection.timezone, cursor)
    return connection._prepare_cursor(cursor)


def _objects(compiled: _Compiled, fetched: list[tuple]) -> list[Model]:
    """The rows as Django's ``ModelIterable`` makes them (no known related objects here), with
    what it works out on every run (the columns' converters, the related objects' populators)
    worked out once (``_Compiled``)."""
    compiler = compiled.compiler
    rows: Any = fetched
    if compiled.converters:
        rows = compiler.apply_converters(rows, compiled.converters)
    if compiled.composite:
        rows = compiler.composite_fields_to_tuples(rows, compiled.fields)
    db = compiled.queryset.db
    fetch_mode = compiled.fetch_mode
    start, end, init_list, from_db = (
        compiled.start,
        compiled.end,
        compiled.init_list,
        compiled.from_db,
    )
    related_populators = compiled.populators
    if related_populators is None:
        related_populators = get_related_populators(
            compiler.klass_info, compiler.select, db, fetch_mode
        )
    annotations = (compiler.annotation_col_map or {}).items()
    objects = []
    peers: list = []
    for row in rows:
        obj = from_db(db, init_list, row[start:end])
        if fetch_mode.track_peers:
            peers.append(weak_ref(obj))
            obj._state.peers = peers
        for populator in related_populators:
            populator.populate(row, obj)
        for attr_name, col_pos in annotations:
            setattr(obj, attr_name, row[col_pos])
        objects.append(obj)
    return objects
