"""Reading the history of changes: a league's entries (or one object's), as rows people read.

One query for a page of entries (the actor and the content type joined), and one per kind of
related row whose name a change shows (a fixture's teams, a line-up slot's player); field
labels, choice labels and object addresses come from the models and the entries themselves, so
a page costs the same however many entries it shows. Who reads what is decided by the caller: ``private`` is True
for the league's commissioner (every entry); anyone else reads the public entries and, when
signed in, the private ones about their own rows (their bets).
"""

import unicodedata
from dataclasses import dataclass
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from functools import cache
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import FieldDoesNotExist
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.formats import date_format, number_format
from django.utils.text import Truncator, capfirst
from django.utils.translation import gettext as _

from core.history_registry import described, hidden_fields, page_url, tracked_models
from core.models import HistoryEntry

SYSTEM = "system"
CLIPPED = 80
"""A longer value is cut to this many characters where a list of changes shows it."""


def object_types() -> dict[str, type]:
    """The tracked models by the name the filters take (``league.team``, ``betting.bet``…)."""
    return {model._meta.label_lower: model for model in tracked_models()}


def object_page_url(*, object_type: str, object_id: int) -> str:
    """The page of a tracked object (a team's, a fixture's), which also shows the rows it
    holds (a team's players, a fixture's result): their entries carry that address."""
    model = object_types()[object_type]
    instance = model._default_manager.filter(pk=object_id).first()
    return page_url(instance) if instance is not None else ""


def history_list(
    *,
    league_id: int,
    viewer_id: int | None,
    private: bool,
    object_type: str = "",
    object_id: int | None = None,
    url: str = "",
) -> QuerySet[HistoryEntry]:
    """The league's entries the viewer may read, newest first.

    ``object_type`` (a key of :func:`object_types`, checked by the caller) and ``object_id``
    narrow it to one object; ``url`` adds the entries about the rows shown on that object's
    page (:func:`object_page_url`)."""
    entries = HistoryEntry.objects.filter(league_id=league_id)
    if not private:
        visible = Q(owner_id__isnull=True)
        if viewer_id is not None:
            visible |= Q(owner_id=viewer_id)
        entries = entries.filter(visible)
    about = Q()
    if object_type:
        model = object_types()[object_type]
        about = Q(content_type=ContentType.objects.get_for_model(model))
        if object_id is not None:
            about &= Q(object_id=object_id)
    if url:
        about |= Q(additional_data__url=url)
    return (
        entries.filter(about).select_related("actor", "content_type").order_by("-timestamp", "-id")
    )


@dataclass(frozen=True)
class FieldChange:
    field: str
    label: str
    old: str
    new: str
    caption: str
    """The label as a list of changes starts the line with it ("Name:", "Nom :")."""
    old_clipped: str
    """``old`` cut to :data:`CLIPPED` characters (Django's ``truncatechars``)."""
    new_clipped: str


@dataclass(frozen=True)
class HistoryRow:
    id: int
    timestamp: datetime
    actor: str
    action: str
    action_label: str
    object_type: str
    object_type_label: str
    object_id: int | None
    object_repr: str
    """The row as it was named when the entry was written."""
    object_label: str
    """The row as people read it now, in their language (``object_repr`` unless its model
    describes its rows)."""
    object_url: str
    changes: list[FieldChange]


ACTIONS = {
    HistoryEntry.Action.CREATE: "create",
    HistoryEntry.Action.UPDATE: "update",
    HistoryEntry.Action.DELETE: "delete",
    HistoryEntry.Action.ACCESS: "access",
}


def _action_labels() -> dict[int, str]:
    """Each action in words, in the reader's language; any other action reads "read"."""
    return {
        HistoryEntry.Action.CREATE: _("created"),
        HistoryEntry.Action.UPDATE: _("changed"),
        HistoryEntry.Action.DELETE: _("deleted"),
    }


Names = dict[tuple[type, str], str]


def _shown(
    value: object, choices: dict[str, str] | None, related: type | None, names: Names
) -> str:
    text = "" if value is None or value == "None" else str(value)
    if not text:
        return "—"
    if choices and text in choices:
        return str(choices[text])
    if related is not None:
        return names.get((related, text), f"#{text}")
    return text


def _field(model: type | None, name: str):
    if model is None:
        return None
    try:
        return model._meta.get_field(name)
    except FieldDoesNotExist:
        return None


def _related_model(field) -> type | None:
    if field is None or not field.is_relation or not field.concrete:
        return None
    return field.related_model


def _name_field(model: type) -> str | None:
    """The column that names a related row (``name``, a user's ``username``), if it has one."""
    for name in ("name", "username"):
        if any(field.name == name for field in model._meta.concrete_fields):
            return name
    return None


def _related_names(entries: list[HistoryEntry]) -> Names:
    """The names of the rows the entries' changed foreign keys point to: one query per kind of
    row named (teams, players, users...), whatever the number of entries."""
    wanted: dict[type, set[str]] = {}
    for entry in entries:
        model = entry.content_type.model_class()
        for name, values in (entry.changes or {}).items():
            related = _related_model(_field(model, name))
            if related is None or not isinstance(values, list | tuple):
                continue
            wanted.setdefault(related, set()).update(
                str(value) for value in values if str(value).isdigit()
            )
    names: Names = {}
    for related, pks in wanted.items():
        column = _name_field(related)
        if column is None or not pks:
            continue
        rows = related._default_manager.filter(pk__in=[int(pk) for pk in pks]).order_by()
        for pk, name in rows.values_list("pk", column):
            names[(related, str(pk))] = name
    return names


def _shown_field(field) -> bool:
    """Fields a person reads about: not the id, the creation stamps or other rows' links."""
    if field is None:
        return True
    if getattr(field, "primary_key", False) or not field.concrete or field.many_to_many:
        return False
    return not (getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False))


@dataclass(frozen=True)
class _Column:
    """What showing a changed field takes, worked out once per field for a page of entries
    (its label in the reader's language) rather than for each change."""

    field: Any
    label: str
    choices: dict[str, Any] | None
    related: type | None
    internal: str


def _column(model: type | None, name: str) -> _Column | None:
    """The field ``name`` of ``model`` as a change shows it; None when it is not shown."""
    field = _field(model, name)
    if name in hidden_fields(model) or not _shown_field(field):
        return None
    if field is None:
        return _Column(None, name, None, None, "")
    choices = {str(key): choice for key, choice in (getattr(field, "choices", None) or [])}
    return _Column(
        field=field,
        label=str(getattr(field, "verbose_name", name)),
        choices=choices or None,
        related=_related_model(field),
        internal=field.get_internal_type(),
    )


def _readable(value: str, column: _Column) -> str:
    """Booleans, decimals and dates as people write them in their language (a diff stores
    ``str()`` of the value)."""
    internal = column.internal
    if internal == "BooleanField" and value in ("True", "False"):
        return _("yes") if value == "True" else _("no")
    if internal == "DecimalField":
        try:
            return number_format(Decimal(value), decimal_pos=column.field.decimal_places)
        except InvalidOperation:
            return value
    if internal == "DateTimeField":
        moment = parse_datetime(value)
        if moment is not None:
            if timezone.is_naive(moment):
                moment = timezone.make_aware(moment, UTC)
            return date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")
    return value


def _clipped(text: str) -> str:
    """``text|truncatechars:80``: Django's ``Truncator``, asked only of a value longer than
    that (it looks its ellipsis up in the catalogue twice for every value)."""
    text = unicodedata.normalize("NFC", text)
    return text if len(text) <= CLIPPED else Truncator(text).chars(CLIPPED)


@cache
def _field_order(model: type | None) -> dict[str, int]:
    """The position of each field in the order the model declares them (name first, as on
    forms)."""
    return {field.name: index for index, field in enumerate(model._meta.fields)} if model else {}


def _in_model_order(model: type | None, changes: dict) -> list[tuple[str, object]]:
    """The changes in the order the model declares its fields."""
    order = _field_order(model)
    return sorted((changes or {}).items(), key=lambda item: order.get(item[0], len(order)))


class _Changes:
    """Changes in words for a page of entries: each field's label, choices and kind read once,
    and the caption's wording looked up once."""

    def __init__(self, names: Names) -> None:
        self.names = names
        self.columns: dict[tuple[type | None, str], _Column | None] = {}
        # Translators: a field name before its value in a list of changes (French puts a
        # space before the colon)
        self.caption = _("%(label)s:")

    def _value(self, value: object, column: _Column) -> str:
        return _readable(_shown(value, column.choices, column.related, self.names), column)

    def of(self, model: type | None, changes: dict) -> list[FieldChange]:
        rows = []
        for name, values in _in_model_order(model, changes):
            if not isinstance(values, list | tuple) or len(values) != 2:
                continue  # many-to-many changes (none of the tracked models has one)
            key = (model, name)
            if key not in self.columns:
                self.columns[key] = _column(model, name)
            column = self.columns[key]
            if column is None:
                continue  # technical fields
            old, new = self._value(values[0], column), self._value(values[1], column)
            rows.append(
                FieldChange(
                    field=name,
                    label=column.label,
                    old=old,
                    new=new,
                    caption=self.caption % {"label": capfirst(column.label)},
                    old_clipped=_clipped(old),
                    new_clipped=_clipped(new),
                )
            )
        return rows


def _labels(entries: list[HistoryEntry]) -> dict[tuple[type | None, int | None], str]:
    """The rows the entries are about, in words, for the models that describe theirs: one
    query per such model."""
    ids: dict[type, set[int]] = {}
    for entry in entries:
        model = entry.content_type.model_class()
        if model is not None and entry.object_id is not None:
            ids.setdefault(model, set()).add(entry.object_id)
    labels: dict[tuple[type | None, int | None], str] = {}
    for model, pks in ids.items():
        for pk, label in described(model, sorted(pks)).items():
            labels[(model, pk)] = label
    return labels


def history_rows(entries: list[HistoryEntry]) -> list[HistoryRow]:
    """Entries as people read them: labels instead of field names and codes, names instead of
    the ids of related rows."""
    changes = _Changes(_related_names(entries))
    labels = _labels(entries)
    actions, read = _action_labels(), _("read")
    kinds: dict[type | None, str] = {}
    rows = []
    for entry in entries:
        model = entry.content_type.model_class()
        if model not in kinds:
            kinds[model] = str(model._meta.verbose_name) if model else ""
        rows.append(
            HistoryRow(
                id=entry.pk,
                timestamp=entry.timestamp,
                actor=entry.actor.get_username() if entry.actor else SYSTEM,
                action=ACTIONS.get(entry.action, "access"),
                action_label=actions.get(entry.action, read),
                object_type=f"{entry.content_type.app_label}.{entry.content_type.model}",
                object_type_label=kinds[model],
                object_id=entry.object_id,
                object_repr=entry.object_repr,
                object_label=labels.get((model, entry.object_id), entry.object_repr),
                object_url=(entry.additional_data or {}).get("url", ""),
                changes=changes.of(model, entry.changes),
            )
        )
    return rows
