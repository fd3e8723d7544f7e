"""Writing many rating rows at once: PostgreSQL's ``COPY`` (tens of times faster than an
``INSERT`` built by the ORM for a rebuild's millions of rows), ``bulk_create`` elsewhere."""

from collections.abc import Iterable, Sequence

from django.db import connection, models

BATCH = 5000

TEAM_COLUMNS = ("team_id", "season_id", "round", "rating", "rd", "volatility", "games", "tau")
COACH_COLUMNS = ("coach_id", "game", "week", "rating", "rd", "volatility", "games")


def rows_write(model: type[models.Model], columns: Sequence[str], rows: Iterable[tuple]) -> int:
    """Insert ``rows`` (tuples in the order of ``columns``) into ``model``'s table; returns
    how many."""
    count = 0
    if connection.vendor == "postgresql":
        names = ", ".join(model._meta.get_field(c).column for c in columns)
        with connection.cursor() as cursor:
            raw = cursor.cursor  # psycopg's own cursor, under Django's wrapper
            with raw.copy(f"COPY {model._meta.db_table} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
                    count += 1
        return count
    objects = [model(**dict(zip(columns, row, strict=True))) for row in rows]
    model._default_manager.bulk_create(objects, batch_size=BATCH)
    return len(objects)


def copy_text(rows: Iterable[tuple]) -> str:
    """``rows`` in ``COPY``'s text format: a line per row, tab-separated. Only for the rating
    rows: numbers (``repr`` of a float reads back to the same bits), dates and game names (no
    tab, no backslash, never null)."""
    return "".join("\t".join(map(str, row)) + "\n" for row in rows)


def text_write(model: type[models.Model], columns: Sequence[str], text: str) -> None:
    """Insert the rows of ``text`` (:func:`copy_text`) into ``model``'s table (PostgreSQL)."""
    names = ", ".join(model._meta.get_field(c).column for c in columns)
    sql = f"COPY {model._meta.db_table} ({names}) FROM STDIN"
    with connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        copy.write(text)


def tables_empty(*tables: type[models.Model]) -> None:
    """Delete every row of ``tables`` (``TRUNCATE`` on PostgreSQL: no row visited; it waits
    for, and then holds until commit, the tables' exclusive lock).

    PostgreSQL refuses to truncate a table whose rows this transaction wrote while their
    deferred checks (Django's foreign keys) are still pending: they are checked first, at once,
    and the transaction's later rows are checked as each is written."""
    if connection.vendor == "postgresql":
        names = ", ".join(model._meta.db_table for model in tables)
        with connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute(f"TRUNCATE {names}")
        return
    for model in tables:
        model._default_manager.all().delete()
