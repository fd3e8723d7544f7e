"""Downloads of the tables the pages show, as CSV or JSON.

A table is named columns and rows of plain values. Both formats carry the same columns, named
by stable English keys (``goals_for``, ``kickoff``) whatever the page's language, so a script
reads them the same in English and French:

* **CSV**: UTF-8 *with* a byte-order mark, so a spreadsheet (Excel in particular) opens French
  accents correctly; comma-separated, one header line, rows quoted as the ``csv`` module does.
  Python reads it back with ``encoding="utf-8-sig"``.
* **JSON**: a list of objects, one per row, keyed by the same column names.

Numbers stay numbers (a decimal price is a JSON number), dates and times are ISO 8601, an
empty value is an empty CSV cell and a JSON ``null``. A CSV cell of text that a spreadsheet
would run as a formula (starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return:
a team named ``=HYPERLINK(...)``) is written with a leading ``'``, the OWASP rule, which
spreadsheets show as text; numbers, and text that is only a number (``-3``, ``-1.50``), are
left as they are. :func:`csv_cell` is that rule, for every CSV the site writes (the API's too). The response is an attachment whose file
name says what it holds (``ligue-de-middenheim-standings-2026.csv``).
"""

import csv
import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.http import Http404, HttpResponse, StreamingHttpResponse
from django.utils import timezone
from django.utils.http import content_disposition_header
from django.utils.text import slugify

FORMATS = {"csv": "text/csv; charset=utf-8", "json": "application/json"}
BOM = "\ufeff"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
PLAIN_NUMBER = re.compile(r"[+-]?\d+(\.\d+)?")


@dataclass(frozen=True)
class Table:
    """What a download holds: ``columns`` names each value of every row, in order."""

    columns: Sequence[str]
    rows: Sequence[Sequence[Any]]
    labels: Sequence[Any] = ()
    """What a page calls each column (translated); the column names when empty."""

    def headings(self) -> list[Any]:
        return list(self.labels) if self.labels else list(self.columns)

    def records(self) -> list[dict[str, Any]]:
        return [dict(zip(self.columns, row, strict=True)) for row in self.rows]


@dataclass(frozen=True)
class Column:
    """A column stated once: its ``name`` (the download's key), its ``label`` (the page's
    heading) and its ``value`` for an item (the item's attribute of that name by default)."""

    name: str
    label: Any
    value: Callable[[Any], Any] | None = None

    def of(self, item: Any) -> Any:
        return self.value(item) if self.value else getattr(item, self.name)


def table_of(columns: Sequence[Column], items: Iterable[Any]) -> Table:
    """The table of ``items``, one row each, valued column by column."""
    return Table(
        [column.name for column in columns],
        [[column.of(item) for column in columns] for item in items],
        [column.label for column in columns],
    )


def export_format(fmt: str) -> str:
    """``fmt`` when it is a format this module writes; a 404 for any other."""
    if fmt not in FORMATS:
        raise Http404(f"no export as {fmt!r}")
    return fmt


def export_filename(*parts: object, fmt: str) -> str:
    """A file name from its parts, slugified: ``export_filename(league.name, "fixtures")``."""
    stem = "-".join(slug for slug in (slugify(str(part)) for part in parts) if slug)
    return f"{stem or 'export'}.{fmt}"


def _moment(value: datetime | date) -> str:
    """A date as ISO 8601; a time in the reader's zone (the active one), its offset written,
    so a spreadsheet shows the time the page showed and still knows the instant."""
    if isinstance(value, datetime) and timezone.is_aware(value):
        value = timezone.localtime(value)
    return value.isoformat()


def _json_value(value: Any) -> Any:
    if isinstance(value, datetime | date):
        return _moment(value)
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return value


def csv_cell(value: Any) -> Any:
    """``value`` as a CSV cell no spreadsheet runs as a formula: text starting with one of
    ``FORMULA_STARTS`` gets a leading ``'``, unless it is only a number."""
    if (
        isinstance(value, str)
        and value.startswith(FORMULA_STARTS)
        and not PLAIN_NUMBER.fullmatch(value)
    ):
        return "'" + value
    return value


def _csv_value(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime | date):
        return _moment(value)
    return csv_cell(value)


class _Echo:
    """A file-like object whose ``write`` hands the line back, for the streaming writer."""

    def write(self, value: str) -> str:
        return value


def _csv_lines(table: Table) -> Iterator[str]:
    writer = csv.writer(_Echo())
    yield BOM + writer.writerow([csv_cell(column) for column in table.columns])
    for row in table.rows:
        yield writer.writerow([_csv_value(value) for value in row])


def table_response(
    table: Table, *, fmt: str, filename: str
) -> HttpResponse | StreamingHttpResponse:
    """``table`` as a download in ``fmt`` (``csv`` or ``json``)."""
    disposition = content_disposition_header(as_attachment=True, filename=filename)
    if export_format(fmt) == "csv":
        response: HttpResponse | StreamingHttpResponse = StreamingHttpResponse(
            _csv_lines(table), content_type=FORMATS["csv"]
        )
    else:
        body = [
            {key: _json_value(value) for key, value in record.items()} for record in table.records()
        ]
        response = HttpResponse(
            json.dumps(body, ensure_ascii=False, indent=1), content_type=FORMATS["json"]
        )
    response["Content-Disposition"] = disposition
    response["X-Content-Type-Options"] = "nosniff"
    return response
