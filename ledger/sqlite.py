"""The ledger's promises on SQLite (development's ``make run``, the default ``make test``),
where django-pgtrigger installs nothing. Same promises as on PostgreSQL (``ledger.models``),
made with what SQLite has: row triggers, ``CHECK`` and deferred foreign keys.

- Append-only: ``BEFORE UPDATE`` / ``BEFORE DELETE`` triggers on entries and transactions raise.
  The delete triggers let a ``DELETE`` through only inside ``flushing()`` (the connection's
  ``ledger_flushing()`` function is then true): the test suite runs Django's flush, which
  empties the database after a test that commits, under it (``tests/conftest.py``; on
  PostgreSQL the flush is a ``TRUNCATE``, which fires no row trigger). Nothing else does, so
  ``manage.py flush`` on the development database is refused: delete ``db.sqlite3`` instead.
  Any other client lacks the function, so its ``DELETE`` fails too.
- Entries sum to zero per transaction. SQLite has neither statement triggers nor deferred
  triggers, but its foreign keys can be ``DEFERRABLE INITIALLY DEFERRED``, checked at
  ``COMMIT``. Each inserted entry adds its amount to its transaction's row in
  ``ledger_unbalanced``, deleted when the running total comes back to 0. That table's ``total``
  references ``ledger_zero``, which holds the single value 0: any row still there at commit (a
  transaction whose entries do not sum to zero) breaks the deferred foreign key and the commit
  is refused (``FOREIGN KEY constraint failed``; Django turns foreign keys on for every SQLite
  connection, and its test cases check them before rolling back). Per row, O(1) each: no scan
  of older entries.
- The balance is the sum of the entries: the entry's insert trigger moves its account's balance
  by the entry's amount. It first writes a permit (account, amount) into
  ``ledger_balance_permit`` and removes it after; an ``UPDATE`` of a balance without the
  matching permit is refused. An account is inserted with a balance of 0.
- Wallet and treasury at or above zero: the model's ``CHECK`` constraints, which SQLite
  enforces, break inside the insert trigger and the entry's statement fails.

Every statement is idempotent (``IF NOT EXISTS``): the migration installs them, and so does
``post_migrate`` after any later migration that rebuilt a ledger table (SQLite alters a table
by copying it, which drops its triggers).
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.backends.signals import connection_created

_flushing: ContextVar[bool] = ContextVar("ledger_flushing", default=False)

REFUSED_UPDATE = "ledger entries and transactions are append-only"

STATEMENTS = [
    "CREATE TABLE IF NOT EXISTS ledger_zero (value integer NOT NULL PRIMARY KEY)",
    "INSERT OR IGNORE INTO ledger_zero (value) VALUES (0)",
    """CREATE TABLE IF NOT EXISTS ledger_unbalanced (
        transaction_id integer NOT NULL PRIMARY KEY,
        total integer NOT NULL REFERENCES ledger_zero (value) DEFERRABLE INITIALLY DEFERRED
    )""",
    """CREATE TABLE IF NOT EXISTS ledger_balance_permit (
        account_id integer NOT NULL PRIMARY KEY, amount integer NOT NULL
    )""",
    """CREATE TRIGGER IF NOT EXISTS ledger_entry_inserted AFTER INSERT ON ledger_entry
    BEGIN
        INSERT INTO ledger_unbalanced (transaction_id, total)
            VALUES (NEW.transaction_id, NEW.amount)
            ON CONFLICT (transaction_id) DO UPDATE SET total = total + excluded.total;
        DELETE FROM ledger_unbalanced WHERE transaction_id = NEW.transaction_id AND total = 0;
        INSERT INTO ledger_balance_permit (account_id, amount) VALUES (NEW.account_id, NEW.amount);
        UPDATE ledger_account SET balance = balance + NEW.amount WHERE id = NEW.account_id;
        DELETE FROM ledger_balance_permit WHERE account_id = NEW.account_id;
    END""",
    """CREATE TRIGGER IF NOT EXISTS ledger_balance_moves_only_with_entries
    BEFORE UPDATE OF balance ON ledger_account
    WHEN NEW.balance IS NOT OLD.balance AND NOT EXISTS (
        SELECT 1 FROM ledger_balance_permit
        WHERE account_id = NEW.id AND amount = NEW.balance - OLD.balance
    )
    BEGIN
        SELECT RAISE(ABORT, 'an account''s balance moves only with its entries');
    END""",
    """CREATE TRIGGER IF NOT EXISTS ledger_account_opens_empty
    BEFORE INSERT ON ledger_account WHEN NEW.balance <> 0
    BEGIN
        SELECT RAISE(ABORT, 'an account opens with a balance of 0');
    END""",
    *(
        f"""CREATE TRIGGER IF NOT EXISTS {table}_no_update BEFORE UPDATE ON {table}
        BEGIN
            SELECT RAISE(ABORT, '{REFUSED_UPDATE}');
        END"""
        for table in ("ledger_entry", "ledger_transaction")
    ),
    *(
        f"""CREATE TRIGGER IF NOT EXISTS {table}_no_delete BEFORE DELETE ON {table}
        WHEN NOT ledger_flushing()
        BEGIN
            SELECT RAISE(ABORT, '{REFUSED_UPDATE}');
        END"""
        for table in ("ledger_entry", "ledger_transaction")
    ),
]


def install(connection: BaseDatabaseWrapper) -> None:
    """Create the tables and triggers above, where missing (SQLite only)."""
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        for statement in STATEMENTS:
            cursor.execute(statement)


TRIGGERS = [
    "ledger_entry_inserted",
    "ledger_balance_moves_only_with_entries",
    "ledger_account_opens_empty",
    "ledger_entry_no_update",
    "ledger_transaction_no_update",
    "ledger_entry_no_delete",
    "ledger_transaction_no_delete",
]
TABLES = ["ledger_unbalanced", "ledger_balance_permit", "ledger_zero"]


def drop(connection: BaseDatabaseWrapper) -> None:
    """Undo ``install`` (the migration's way back)."""
    if connection.vendor != "sqlite":
        return
    with connection.cursor() as cursor:
        for trigger in TRIGGERS:
            cursor.execute(f"DROP TRIGGER IF EXISTS {trigger}")
        for table in TABLES:
            cursor.execute(f"DROP TABLE IF EXISTS {table}")


def install_after_migrate(*, using: str = "default", **kwargs: Any) -> None:
    from django.db import connections

    connection = connections[using]
    if connection.vendor == "sqlite" and "ledger_entry" in connection.introspection.table_names():
        install(connection)


@contextmanager
def flushing() -> Iterator[None]:
    token = _flushing.set(True)
    try:
        yield
    finally:
        _flushing.reset(token)


def _register_function(sender: Any, connection: BaseDatabaseWrapper, **kwargs: Any) -> None:
    if connection.vendor == "sqlite":
        connection.connection.create_function(
            "ledger_flushing", 0, lambda: int(_flushing.get()), deterministic=False
        )


def connect_signals() -> None:
    """Give every SQLite connection its ``ledger_flushing()`` (false outside ``flushing()``)."""
    from django.conf import settings

    if any("sqlite" in db["ENGINE"] for db in settings.DATABASES.values()):
        connection_created.connect(_register_function, dispatch_uid="ledger_flushing")
