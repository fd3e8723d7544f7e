"""Rows that extend an object one to one (their primary key is the object: a Tutatis team's
list, a Rotzball team's match plan): one read with the defaults of a row not written yet, one
field of each set in bulk, with their history."""

from collections.abc import Callable, Sequence
from copy import copy
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Model

from core import history


def one_to_one_get(obj: Model, name: str) -> Any:
    """``obj``'s row by its one-to-one accessor ``name``, or, while it has none, an unsaved row
    with the model's defaults (a league's rules as written, a team's usual match plan)."""
    try:
        return getattr(obj, name)
    except ObjectDoesNotExist:
        relation = type(obj)._meta.get_field(name)
        return relation.related_model(**{relation.field.name: obj})


def one_to_one_set[T: Model](
    model: type[T],
    field: str,
    values: Sequence[tuple[Model, Any]],
    *,
    check: Callable[[Model, Any], None] | None = None,
) -> list[T]:
    """Set ``field`` of each object's row of ``model`` (``(object, value)`` each, an object
    once; a missing row is created): the rows read in one query, ``check(object, value)``
    asked of each existing row about to change (it refuses before anything is written), the
    new rows inserted and the changed ones updated in one statement each, with their history
    (:func:`core.history.record_save_groups`). Returns each object's row, in order, each
    object holding its own (``object.<accessor>`` asks nothing more)."""
    owner = model._meta.pk.name
    attname = model._meta.get_field(field).attname
    manager = model._default_manager
    current = manager.in_bulk([obj.pk for obj, _value in values])
    created: list[T] = []
    changed: list[tuple[T, T]] = []
    rows: list[T] = []
    for obj, value in values:
        row = current.get(obj.pk)
        if row is None:
            row = model(**{owner: obj, field: value})
            created.append(row)
        else:
            setattr(row, owner, obj)  # its object known, as a new row's: no query for its text
            if getattr(row, attname) != (value.pk if isinstance(value, Model) else value):
                if check is not None:
                    check(obj, value)
                changed.append((copy(row), row))
                setattr(row, field, value)
        rows.append(row)
    manager.bulk_create(created)
    manager.bulk_update([row for _before, row in changed], [field])
    history.record_save_groups(
        groups=[([(None, row) for row in created], None), (changed, [field])]
    )
    return rows
