"""Reading the history of changes: a league's entries (or one object's), as rows people read.

One query for a page of entries (the actor and the content type joined); field labels,
choice labels and object addresses come from the models and the entries themselves, so a page
costs the same whatever it shows. Who reads what is decided by the caller: ``private`` is True
for the league's commissioner (every entry); anyone else reads the public entries and, when
signed in, the private ones about their own rows (their bets).
"""

from dataclasses import dataclass
from datetime import datetime

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import FieldDoesNotExist
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from core.history import page_url, tracked_models
from core.models import HistoryEntry

SYSTEM = "system"


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
    object_url: str
    changes: list[FieldChange]


ACTIONS = {
    HistoryEntry.Action.CREATE: "create",
    HistoryEntry.Action.UPDATE: "update",
    HistoryEntry.Action.DELETE: "delete",
    HistoryEntry.Action.ACCESS: "access",
}


def _action_label(action: int) -> str:
    return {
        HistoryEntry.Action.CREATE: _("created"),
        HistoryEntry.Action.UPDATE: _("changed"),
        HistoryEntry.Action.DELETE: _("deleted"),
    }.get(action, _("read"))


def _shown(value: object, choices: dict[str, str] | None, is_relation: bool) -> str:
    text = "" if value is None or value == "None" else str(value)
    if not text:
        return "—"
    if choices and text in choices:
        return str(choices[text])
    return f"#{text}" if is_relation else text


def _field_changes(model: type | None, changes: dict) -> list[FieldChange]:
    rows = []
    for name, values in (changes or {}).items():
        if not isinstance(values, list | tuple) or len(values) != 2:
            continue  # many-to-many changes: none of the tracked models has one
        label, choices, is_relation = name, None, False
        if model is not None:
            try:
                field = model._meta.get_field(name)
            except FieldDoesNotExist:
                field = None
            if field is not None:
                label = str(getattr(field, "verbose_name", name))
                choices = {
                    str(key): choice for key, choice in (getattr(field, "choices", None) or [])
                } or None
                is_relation = field.is_relation
        old, new = values
        rows.append(
            FieldChange(
                field=name,
                label=label,
                old=_shown(old, choices, is_relation),
                new=_shown(new, choices, is_relation),
            )
        )
    return rows


def history_rows(entries: list[HistoryEntry]) -> list[HistoryRow]:
    """Entries as people read them: labels instead of field names and codes."""
    rows = []
    for entry in entries:
        model = entry.content_type.model_class()
        rows.append(
            HistoryRow(
                id=entry.pk,
                timestamp=entry.timestamp,
                actor=entry.actor.get_username() if entry.actor else SYSTEM,
                action=ACTIONS.get(entry.action, "access"),
                action_label=_action_label(entry.action),
                object_type=f"{entry.content_type.app_label}.{entry.content_type.model}",
                object_type_label=str(model._meta.verbose_name) if model else "",
                object_id=entry.object_id,
                object_repr=entry.object_repr,
                object_url=(entry.additional_data or {}).get("url", ""),
                changes=_field_changes(model, entry.changes),
            )
        )
    return rows
