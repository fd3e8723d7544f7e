"""A version per league, bumped by every change to it, that keys the shared page cache.

A page or API read of a league (``core.page_cache``) is cached under the league's current
version: once anything of the league changes, the version moves on and the cached answer is
never read again. Nothing expires on a timer; a cached answer is either current or unreachable.

Who bumps:

* every ``save()`` and ``delete()`` of a model that reaches the root model (the league) through
  its foreign keys (a ``Result`` through its fixture and season, a ``Player`` through its team):
  :func:`watch` finds each model's path once and connects a ``post_save`` and a ``post_delete``
  receiver to each model that has one;
* every entry of the audit trail written in bulk (``core.history``: the writes that bypass
  ``save()`` record what they changed, with its league) and every row ``core.bulk`` writes;
* every domain event (``core.events``) that names a league;
* the few bulk writes left (an ``update()`` that records no history, the ratings' marks)
  call :func:`league_changed` themselves.

The leagues list (``LIST_KEY``) shows every league's own row, its commissioner, its active
teams and a game's league settings, and nothing of what changes during a season: it moves on
with a league's bump only when the change is to a row it shows (:func:`shown_in_list`: the
models declared with :func:`list_shows`), or of a kind not known not to be (a bump with
``listed=True``, the default); results, line-ups, ratings and domain events
move only their league's version. Closing an account moves every version (the global one).

The bump waits for the transaction to commit (``transaction.on_commit``), once per league and
transaction, so a page rendered from data about to be rolled back is never served and a chunk
of 50 results costs one bump. The versions live in the shared cache (Redis). While Redis
cannot be reached nothing is cached (``version_get`` answers ``None``); a bump that could not be
written is remembered, and the process's next call that reaches Redis again moves every
league's version on (the global generation), so no answer cached before the outage outlives it.
"""

import logging
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from django.apps import apps
from django.db import DEFAULT_DB_ALIAS, connections, models, transaction
from django.db.models.signals import post_delete, post_save

from core.cache import Unreachable, chained_get, counters_bump, shared
from core.signals import domain_event, domain_events, results_created

logger = logging.getLogger(__name__)

GLOBAL_KEY = "league-version:all"
LIST_KEY = "league-version:list"
"""Keys the leagues list, which shows every league: moved on with a league's bump when the
change is to a row the list shows (:func:`list_shows`), or of an unknown kind."""
VERSION_TTL = 7 * 86_400
"""Seconds a version is kept (``INCR`` keeps it): one that expires starts again above any
value it had, so its entries are simply never read again; none piles up for ids never used."""
MAX_PATH = 4
"""The longest chain of foreign keys followed from a model to the league."""
OWNERS_KEPT = 50_000
"""How many ``(model, pk) → league`` answers a process remembers (they never change)."""

_root: type[models.Model] | None = None
_paths: dict[type[models.Model], tuple[str, ...] | None] = {}
_ignored: set[type[models.Model]] = set()
_listed: set[Any] = set()  # models and functions naming models (list_shows)
_owners: dict[tuple[type[models.Model], Any], int] = {}
_owner_order: deque[tuple[type[models.Model], Any]] = deque()
_lock = threading.Lock()
_missed_bump = False


def _key(league_id: int) -> str:
    return f"league-version:{league_id}"


def _shared(name: str, *args: Any) -> Any:
    """Call the shared cache, never a per-process fallback (a version kept in one process's
    memory would be stale for the others): ``Unreachable`` while Redis is down. The first call
    that reaches Redis after a bump was lost moves every version on."""
    _settle()
    return shared(name, *args)


def _settle() -> None:
    global _missed_bump
    if _missed_bump:
        counters_bump([GLOBAL_KEY], _seed(), VERSION_TTL)
        _missed_bump = False


def _seed() -> int:
    """A first version no earlier version of the key can equal: microseconds since the epoch."""
    return time.time_ns() // 1000


def _versions(key: str) -> str | None:
    """``"<generation>.<version of key>"``, each seeded when missing; ``None`` when the shared
    cache cannot be reached."""
    keys = [GLOBAL_KEY, key]
    try:
        found = _shared("get_many", keys)
        for each in keys:
            if each not in found:
                _shared("add", each, _seed(), VERSION_TTL)
                found[each] = _shared("get", each)
    except Unreachable:
        return None
    if None in (found.get(GLOBAL_KEY), found.get(key)):
        return None
    return f"{found[GLOBAL_KEY]}.{found[key]}"


def version_get(league_id: int) -> str | None:
    """The league's current version (``"<generation>.<league>"``), ``None`` when the shared
    cache cannot be reached."""
    return _versions(_key(league_id))


def list_version_get() -> str | None:
    """The leagues list's version (``"<generation>.<list>"``), moved on by a change to a row
    the list shows (:func:`shown_in_list`): what keys the leagues list. ``None`` when the shared cache cannot be
    reached."""
    return _versions(LIST_KEY)


def versioned_get(league_id: int | None, prefix: str, suffix: str) -> tuple[str | None, Any]:
    """The version of ``league_id`` (``None``: of the leagues list) as :func:`version_get` and
    :func:`list_version_get` answer it, and the value kept under ``prefix + version + suffix``
    (``None``: none), read together in one round trip. ``(None, None)`` when the shared cache
    cannot be reached."""
    keys = [GLOBAL_KEY, LIST_KEY if league_id is None else _key(league_id)]
    try:
        _settle()
        values, entry = chained_get(keys, prefix, suffix)
    except Unreachable:
        return None, None
    if None in values:  # a version not seeded yet (or evicted): nothing kept under it
        return _versions(keys[1]), None
    return f"{values[0]}.{values[1]}", entry


def _bump(league_ids: Iterable[int], *, listed: bool = True) -> None:
    """Move on the versions of ``league_ids``, and the list's (once for them all) when the
    change is to a row the leagues list shows."""
    global _missed_bump
    keys = [_key(league_id) for league_id in sorted(set(league_ids))]
    if not keys:
        return
    try:
        _settle()
        # one round trip for them all
        counters_bump([*keys, LIST_KEY] if listed else keys, _seed(), VERSION_TTL)
    except Unreachable:
        _missed_bump = True
        logger.warning("%s not moved on: the shared cache is down", ", ".join(keys))


class _Bumps:
    """The leagues one transaction changed, bumped together once it commits."""

    def __init__(self) -> None:
        self.league_ids: set[int] = set()
        self.listed = False

    def __call__(self) -> None:
        _bump(self.league_ids, listed=self.listed)


def league_changed(
    league_id: int | None, *, using: str = DEFAULT_DB_ALIAS, listed: bool = True
) -> None:
    """Bump ``league_id``'s version once the current transaction commits (at once outside one),
    and the leagues list's unless the caller knows the change is to nothing the list shows
    (``listed=False``: a result, a line-up, a rating)."""
    if league_id is None:
        return
    connection = connections[using]
    if not connection.in_atomic_block:
        _bump([league_id], listed=listed)
        return
    # one callback per transaction: a savepoint rolled back drops its callback with it, and a
    # later change registers a new one, so no league is left out
    for _savepoints, func, _robust in connection.run_on_commit:
        if isinstance(func, _Bumps):
            func.league_ids.add(league_id)
            func.listed = func.listed or listed
            return
    bumps = _Bumps()
    bumps.league_ids.add(league_id)
    bumps.listed = listed
    transaction.on_commit(bumps, using=using)


def everything_changed() -> None:
    """Move every league's version on (after a bulk change that names no league)."""
    global _missed_bump
    try:
        _settle()
        counters_bump([GLOBAL_KEY], _seed(), VERSION_TTL)
    except Unreachable:
        _missed_bump = True


def _path(model: type[models.Model]) -> tuple[str, ...] | None:
    """The foreign keys from ``model`` to the league (``()`` for the league itself), the
    shortest; ``None`` when the model reaches no league."""
    if model in _paths:
        return _paths[model]
    found: tuple[str, ...] | None = None
    if _root is not None and model not in _ignored:
        if model is _root or issubclass(model, _root):
            found = ()
        else:
            frontier: list[tuple[type[models.Model], tuple[str, ...]]] = [(model, ())]
            for _depth in range(MAX_PATH):
                following = []
                for current, path in frontier:
                    for field in current._meta.concrete_fields:
                        target = field.related_model if field.is_relation else None
                        if not isinstance(target, type) or not (
                            field.many_to_one or field.one_to_one
                        ):
                            continue
                        if target is _root:
                            found = (*path, field.name)
                            break
                        following.append((target, (*path, field.name)))
                    if found is not None:
                        break
                if found is not None:
                    break
                frontier = following
    _paths[model] = found
    return found


def _remember(model: type[models.Model], pk: Any, league_id: int) -> None:
    with _lock:
        if len(_owner_order) >= OWNERS_KEPT:
            _owners.pop(_owner_order.popleft(), None)
        _owners[(model, pk)] = league_id
        _owner_order.append((model, pk))


def league_of(model: type[models.Model], pk: Any) -> int | None:
    """The league the row ``pk`` of ``model`` belongs to (``None``: none, or no such row).
    Remembered in the process: a row never moves to another league."""
    path = _path(model)
    if path is None or pk is None:
        return None
    known = _owners.get((model, pk))
    if known is not None:
        return known
    lookup = "__".join((*path, "id")) if path else "pk"
    league_id = model._base_manager.filter(pk=pk).values_list(lookup, flat=True).first()
    if league_id is not None:
        _remember(model, pk, league_id)
    return league_id


def league_of_instance(instance: models.Model) -> int | None:
    """The league of a row just saved or deleted: through the related rows it has loaded,
    then the first foreign key it has not loaded (one query, remembered)."""
    model = type(instance)
    path = _path(model)
    if path is None:
        return None
    current: models.Model = instance
    for index, name in enumerate(path):
        field = type(current)._meta.get_field(name)
        target_id = getattr(current, field.attname)
        if index == len(path) - 1 or target_id is None:
            return target_id
        if not field.is_cached(current):
            return league_of(field.related_model, target_id)
        current = field.get_cached_value(current)
    return current.pk


def rows_changed(model: type[models.Model], rows: Iterable[models.Model]) -> None:
    """Bump the leagues of ``rows`` of ``model``, written without ``save()`` (``bulk_create``,
    ``core.bulk``), once the transaction commits; nothing for a model no league owns."""
    if _path(model) is None:
        return
    for league_id in {league_of_instance(row) for row in rows}:
        league_changed(league_id, listed=shown_in_list(model))


def _changed(sender: type[models.Model], instance: models.Model, using: str, **kwargs) -> None:
    if kwargs.get("raw") or sender in _ignored:
        return
    league_changed(league_of_instance(instance), using=using, listed=shown_in_list(sender))


def _connect(model: type[models.Model]) -> None:
    """Hear ``model``'s saves and deletes, it alone: a model no receiver hears keeps Django's
    fast deletes (one ``DELETE`` for a queryset, no row loaded)."""
    uid = f"league_versions.{model._meta.label}"
    post_save.connect(_changed, sender=model, dispatch_uid=f"{uid}.saved")
    post_delete.connect(_changed, sender=model, dispatch_uid=f"{uid}.deleted")


def _disconnect(model: type[models.Model]) -> None:
    uid = f"league_versions.{model._meta.label}"
    post_save.disconnect(sender=model, dispatch_uid=f"{uid}.saved")
    post_delete.disconnect(sender=model, dispatch_uid=f"{uid}.deleted")


def _results_created(sender: type[models.Model], *, results: Any = (), **kwargs: Any) -> None:
    """Results written together by one bulk statement (``core.signals.results_created``): the
    ``post_save`` each would have sent."""
    rows_changed(sender, results)


def _event_committed(sender: Any, *, event: Any = None, events: Any = (), **kwargs: Any) -> None:
    """A domain event is sent once its transaction committed: bump its league now. An event
    tells of rows written, which moved the list on themselves if it shows them."""
    told = [event, *events] if event is not None else list(events)
    league_ids = {each.league_id for each in told if each.league_id is not None}
    if league_ids:
        _bump(league_ids, listed=False)


def watch(root: type[models.Model]) -> None:
    """Bump a league's version on every save and delete of a row that reaches ``root`` (the
    league model), except the models declared with :func:`ignore`, and on every domain event
    that names a league."""
    global _root
    _root = root
    _paths.clear()
    for model in apps.get_models():
        if _path(model) is not None:
            _connect(model)
    results_created.connect(_results_created, dispatch_uid="league_versions.results")
    domain_event.connect(_event_committed, dispatch_uid="league_versions.event")
    domain_events.connect(_event_committed, dispatch_uid="league_versions.events")


def ignore(*ignored: type[models.Model]) -> None:
    """Do not bump on saves of these models: rows no cached page shows, written often (bets,
    ledger entries, notifications), declared by the app that owns them."""
    _ignored.update(ignored)
    _paths.clear()
    for model in ignored:
        _disconnect(model)


def list_shows(*shown: type[models.Model] | Callable[[], Iterable[type[models.Model]]]) -> None:
    """Declare what the leagues list shows (its page and the API's list), by the app that owns
    it: models (the league, its teams), or a function naming models, asked at each change (a
    game's league settings, joined to the list through ``league.plugins.rows``, which the games
    answer after this app is ready). A change to their rows moves the list's version on;
    another row's change moves only its league's."""
    _listed.update(shown)


def _shown() -> Iterator[type[models.Model]]:
    for each in _listed:
        if isinstance(each, type):
            yield each
        else:
            yield from each()


def shown_in_list(model: type[models.Model]) -> bool:
    """Whether a change to a row of ``model`` can change the leagues list. The functions are
    asked each time (a few plug-in answers): a game registered late is never left out."""
    return any(issubclass(model, shown) for shown in _shown())


def forget() -> None:
    """Forget what the process remembers of rows' leagues (tests that reuse primary keys)."""
    with _lock:
        _owners.clear()
        _owner_order.clear()
