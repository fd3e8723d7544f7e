"""The history of changes: who changed what in a league, and when.

Every app registers its own rows from its ``AppConfig.ready()`` (a ``history.py`` module per
app) with :func:`track`: django-auditlog then writes a :class:`core.models.HistoryEntry` with
the changed fields (old → new) on each save and delete, and this registry tells it the
league of the row, its address and, for a private row (a bet), the one user besides the
commissioner who may read it. The actor is the signed-in user (auditlog's middleware), the API
token's owner (:func:`actor_set`, called by the token authentication) or nobody for a worker
("system").

A change made by a bulk ``UPDATE`` sends no signal: its service records it with
:func:`record_many`, in the same transaction.
"""

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from auditlog.cid import get_cid
from auditlog.context import auditlog_value
from auditlog.registry import auditlog
from django.contrib.auth.models import AnonymousUser, User
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ObjectDoesNotExist
from django.db import DEFAULT_DB_ALIAS, models
from django.db.models.signals import pre_save

NOISY_FIELDS = ("sweep_attempts", "locked_at", "record", "home_sheet", "away_sheet", "options")
"""Technical fields never diffed, whatever the model: retries, lock stamps, record blobs."""

WRITE_BATCH = 1000


@dataclass(frozen=True)
class Tracked:
    league: Callable[[Any], int | None]
    """The id of the league a row belongs to (``None`` when it belongs to none)."""
    owner: Callable[[Any], int | None] | None = None
    """For a private row: the user who may read its history besides the commissioner."""
    url: Callable[[Any], str] | None = None
    """The row's page; its ``get_absolute_url()`` when not given."""


_tracked: dict[type[models.Model], Tracked] = {}


def track(
    model: type[models.Model],
    *,
    league: Callable[[Any], int | None],
    owner: Callable[[Any], int | None] | None = None,
    url: Callable[[Any], str] | None = None,
    exclude_fields: Iterable[str] = (),
) -> None:
    """Record every change to ``model``'s rows in the history of the league ``league(row)``."""
    fields = {f.name for f in model._meta.get_fields()}
    excluded = [name for name in (*NOISY_FIELDS, *exclude_fields) if name in fields]
    # reverse relations and many-to-many: other rows' history, not this row's
    excluded += [f.name for f in model._meta.get_fields() if not f.concrete or f.many_to_many]
    auditlog.register(model, exclude_fields=excluded)
    _tracked[model] = Tracked(league=league, owner=owner, url=url)


def tracked_models() -> list[type[models.Model]]:
    return list(_tracked)


def _scope_value(function: Callable[[Any], Any] | None, instance: models.Model) -> Any:
    if function is None:
        return None
    try:
        return function(instance)
    except ObjectDoesNotExist:  # a parent deleted with it
        return None


def _url(tracked: Tracked, instance: models.Model) -> str:
    if tracked.url is not None:
        return _scope_value(tracked.url, instance) or ""
    get_url = getattr(instance, "get_absolute_url", None)
    return _scope_value(lambda row: get_url(), instance) if get_url else ""


def page_url(instance: models.Model) -> str:
    """The page where ``instance`` is shown (its entries' address)."""
    tracked = _tracked.get(instance._meta.concrete_model)
    return _url(tracked, instance) if tracked is not None else ""


def league_id_of(instance: models.Model) -> int | None:
    """The league whose history holds ``instance``'s changes."""
    tracked = _tracked.get(instance._meta.concrete_model)
    return _scope_value(tracked.league, instance) if tracked is not None else None


def entry_scope(instance: models.Model) -> dict[str, Any]:
    """The league, owner and address a new entry about ``instance`` carries."""
    tracked = _tracked.get(instance._meta.concrete_model)
    if tracked is None:
        return {}
    return {
        "league_id": _scope_value(tracked.league, instance),
        "owner_id": _scope_value(tracked.owner, instance),
        "additional_data": {"url": _url(tracked, instance)},
    }


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
    from core.models import HistoryEntry

    content_type = ContentType.objects.get_for_model(model)
    cid = get_cid()
    entries = []
    for change in changes:
        entry = HistoryEntry(
            content_type=content_type,
            object_pk=str(change.object_id),
            object_id=change.object_id,
            object_repr=change.object_repr,
            action=HistoryEntry.Action.UPDATE if action is None else action,
            changes=change.changes,
            league_id=league_id,
            owner_id=change.owner_id,
            additional_data={"url": url},
            cid=cid,
        )
        # auditlog's request context (actor, address) is applied by its pre_save receiver;
        # bulk_create sends no signal, so send it here.
        pre_save.send(
            sender=HistoryEntry,
            instance=entry,
            raw=False,
            using=DEFAULT_DB_ALIAS,
            update_fields=None,
        )
        entries.append(entry)
    HistoryEntry.objects.bulk_create(entries, batch_size=WRITE_BATCH)
    return len(entries)


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
    """One entry per row whose fields differ from ``before`` (rows a ``bulk_update`` wrote)."""
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
