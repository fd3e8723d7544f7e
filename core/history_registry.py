"""Which rows the history of changes follows, and what an entry about one of them carries.

Every app registers its own rows from its ``AppConfig.ready()`` (a ``history.py`` module per
app) with :func:`track`: django-auditlog then writes a :class:`core.models.HistoryEntry` on each
save and delete, and :func:`entry_scope` tells it the league of the row, its address and, for a
private row (a bet), the one user besides the commissioner who may read it.

Kept apart from :mod:`core.history` (the writers, which build ``HistoryEntry`` rows) so that
``core.models``' manager can read the registry without importing back what imports it.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from auditlog.registry import auditlog
from django.core.exceptions import ObjectDoesNotExist
from django.db import models

NOISY_FIELDS = ("sweep_attempts", "locked_at", "record", "home_sheet", "away_sheet", "options")
"""Technical fields never diffed, whatever the model: retries, lock stamps, record blobs."""


@dataclass(frozen=True)
class Tracked:
    league: Callable[[Any], int | None]
    """The id of the league a row belongs to (``None`` when it belongs to none)."""
    owner: Callable[[Any], int | None] | None = None
    """For a private row: the user who may read its history besides the commissioner."""
    url: Callable[[Any], str] | None = None
    """The row's page; its ``get_absolute_url()`` when not given."""
    hidden: frozenset[str] = frozenset()
    """Fields neither diffed nor shown (technical ones), even in entries written before."""
    describe: Callable[[list[int]], dict[int, str]] | None = None
    """The rows of these ids in words for the history page, in the reader's language (one
    query for them all); the text stored with the entry when not given."""


_tracked: dict[type[models.Model], Tracked] = {}


def track(
    model: type[models.Model],
    *,
    league: Callable[[Any], int | None],
    owner: Callable[[Any], int | None] | None = None,
    url: Callable[[Any], str] | None = None,
    exclude_fields: Iterable[str] = (),
    describe: Callable[[list[int]], dict[int, str]] | None = None,
) -> None:
    """Record every change to ``model``'s rows in the history of the league ``league(row)``;
    ``exclude_fields`` are technical (never recorded nor shown), ``describe`` names the rows
    for people (:class:`Tracked`)."""
    fields = {f.name for f in model._meta.get_fields()}
    excluded = [name for name in (*NOISY_FIELDS, *exclude_fields) if name in fields]
    # reverse relations and many-to-many: other rows' history, not this row's
    excluded += [f.name for f in model._meta.get_fields() if not f.concrete or f.many_to_many]
    auditlog.register(model, exclude_fields=excluded)
    _tracked[model] = Tracked(
        league=league, owner=owner, url=url, hidden=frozenset(excluded), describe=describe
    )


def tracked_models() -> list[type[models.Model]]:
    return list(_tracked)


def hidden_fields(model: type[models.Model] | None) -> frozenset[str]:
    """The fields of ``model`` its history never shows."""
    tracked = _tracked.get(model) if model is not None else None
    return tracked.hidden if tracked is not None else frozenset()


def described(model: type[models.Model] | None, ids: list[int]) -> dict[int, str]:
    """``model``'s rows of ``ids`` in words (:class:`Tracked`'s ``describe``), or nothing."""
    tracked = _tracked.get(model) if model is not None else None
    if tracked is None or tracked.describe is None or not ids:
        return {}
    return tracked.describe(ids)


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
