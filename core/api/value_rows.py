"""A read-only list's answer built from the queryset's values instead of model instances.

DRF serializes a list by building a model instance for every row and every related row it
reads (a page of 50 results is 250 instances: result, fixture, season, two teams), then
walking its fields one call at a time for each. On the API's hottest lists that cost more CPU
than the database spent answering. :class:`ValueRows` reads a serializer's fields once (their
names, their sources, their nesting) and makes the same answer from one ``values_list`` query
of just the columns those fields show: each value still goes through its own field's
``to_representation``, so dates, decimals and choices come out exactly as DRF writes them.

It takes the fields DRF derives from model columns and annotations, a primary key shown as
its id, and nested serializers of the same kinds (a nested one that allows null is null when
its row is missing). Any other field (a method field, a custom relation, a list) is refused
when the class is read, so a serializer changed later fails loudly rather than answering
differently; ``tests/api/test_value_rows.py`` compares the answers with DRF's.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from rest_framework import fields as drf_fields
from rest_framework import serializers
from rest_framework.relations import PrimaryKeyRelatedField
from rest_framework.response import Response

_PLAIN = (
    drf_fields.BooleanField,
    drf_fields.CharField,
    drf_fields.ChoiceField,
    drf_fields.DateField,
    drf_fields.DateTimeField,
    drf_fields.DecimalField,
    drf_fields.FloatField,
    drf_fields.IntegerField,
    drf_fields.JSONField,
)


@dataclass(frozen=True)
class _Leaf:
    name: str
    column: int
    show: Callable[[Any], Any] | None  # None: the value as read (a primary key's id)


@dataclass(frozen=True)
class _Nested:
    name: str
    present: int  # the column of the nested row's primary key: None when the row is missing
    nullable: bool
    shape: "_Shape"


_Shape = tuple[_Leaf | _Nested, ...]


class ValueRows:
    """``ValueRows(SerializerClass)(queryset)``: the list of dicts DRF's
    ``SerializerClass(rows, many=True).data`` gives for ``queryset``'s rows, in its order."""

    def __init__(self, serializer_class: type[serializers.Serializer]) -> None:
        self.columns: list[str] = []
        self.shape = self._read(serializer_class(), prefix="")

    def _column(self, path: str) -> int:
        self.columns.append(path)
        return len(self.columns) - 1

    def _read(self, serializer: serializers.Serializer, prefix: str) -> _Shape:
        return tuple(
            self._part(name, field, prefix, owner=type(serializer).__name__)
            for name, field in serializer.fields.items()
            if not field.write_only
        )

    def _part(self, name: str, field: Any, prefix: str, owner: str) -> _Leaf | _Nested:
        path = prefix + "__".join(field.source_attrs)
        if field.source == "*" or isinstance(field, serializers.ListSerializer):
            pass  # no column holds it
        elif isinstance(field, serializers.Serializer):
            present = self._column(f"{path}__pk")
            nested = self._read(field, prefix=f"{path}__")
            return _Nested(name, present, field.allow_null, nested)
        elif isinstance(field, PrimaryKeyRelatedField) and field.pk_field is None:
            return _Leaf(name, self._column(path), None)
        elif isinstance(field, _PLAIN):
            return _Leaf(name, self._column(path), field.to_representation)
        raise TypeError(
            f"{owner}.{name}: {type(field).__name__} is not shown from a column's value"
        )

    def __call__(self, queryset: QuerySet) -> list[dict[str, Any]]:
        return self.rows_of(self.values(queryset))

    def rows_of(self, values: Iterable[tuple]) -> list[dict[str, Any]]:
        """The answer for rows already read with :attr:`columns` (a page of them)."""
        return [_shaped(self.shape, row) for row in values]

    def values(self, queryset: QuerySet) -> QuerySet:
        """``queryset`` reading just the columns the answer shows, as tuples."""
        return queryset.prefetch_related(None).values_list(*self.columns)


def _shaped(shape: _Shape, row: tuple) -> dict[str, Any]:
    answer: dict[str, Any] = {}
    for part in shape:
        if isinstance(part, _Leaf):
            value = row[part.column]
            answer[part.name] = value if value is None or part.show is None else part.show(value)
        elif row[part.present] is None:
            if not part.nullable:
                raise ValueError(f"{part.name}: a required related row is missing")
            answer[part.name] = None
        else:
            answer[part.name] = _shaped(part.shape, row)
    return answer


class _Pages:
    """What a list's paginator pages (Django's ``Paginator`` takes any sliceable object with a
    ``count``): ``queryset``'s rows counted without the joins only the answer's columns need,
    and a page read as :meth:`ValueRows.values`; with ``chosen_first``, of the page's own rows
    only, chosen by id in a subquery that joins nothing the answer alone needs.

    The count and the page of the values queryset joined both teams of every result of a
    league before counting them or taking the 50 newest (on 1,000 leagues, 5,550 buffers each);
    counted on the filtered rows alone, and the page's ids chosen first, the teams are read
    for the page's 50 rows only (3,270 and 3,980). Choosing costs the web process the
    subquery's compiling: worth it where the joins are many rows' (not a league's seasons)."""

    def __init__(self, reader: ValueRows, queryset: QuerySet, *, chosen_first: bool) -> None:
        self.reader, self.queryset, self.chosen_first = reader, queryset, chosen_first

    @property
    def ordered(self) -> bool:
        return self.queryset.ordered

    def count(self) -> int:
        return self.queryset.count()

    def __getitem__(self, page: slice) -> QuerySet:
        if not self.chosen_first:
            return self.reader.values(self.queryset)[page]
        chosen = self.queryset.values("pk")[page]
        return self.reader.values(self.queryset.filter(pk__in=chosen))


# A viewset's ``list`` answered through ValueRows of its serializer class: filtered, ordered
# and paginated as DRF's own ``list``, with the same answer. ``page_chosen_first``: a page's
# rows chosen by id before their joined rows are read (_Pages). No docstring: the OpenAPI
# document describes a viewset by the first docstring among its classes, which stays the
# viewset's own (the seasons' is ReadCreateUpdateViewSet's).
class ValueRowsListMixin:
    page_chosen_first = False

    def list(self, request, *args, **kwargs):
        reader = _readers_of(self.get_serializer_class())
        queryset = self.filter_queryset(self.get_queryset())
        pages = _Pages(reader, queryset, chosen_first=self.page_chosen_first)
        page = self.paginate_queryset(pages)
        if page is not None:
            return self.get_paginated_response(reader.rows_of(page))
        return Response(reader(queryset))


_READERS: dict[type, ValueRows] = {}


def _readers_of(serializer_class: type[serializers.Serializer]) -> ValueRows:
    reader = _READERS.get(serializer_class)
    if reader is None:
        reader = _READERS[serializer_class] = ValueRows(serializer_class)
    return reader
