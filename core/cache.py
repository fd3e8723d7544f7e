"""The shared cache (Redis) that a Redis outage does not turn into 500s.

The cache holds rate counts (the API's throttles, allauth's sign-up and sign-in limits) and the
cached pages with the league versions that key them (``core.league_versions``,
``core.page_cache``): nothing that must survive. The versions are read and written with
:func:`shared` only, never on the local fallback, so while Redis is down no page is cached. When Redis cannot be reached, each call falls back to a cache in
the process's own memory, so the limits still count, per process, and sign-ins, bets and
every other write go on. One warning is logged when Redis is lost, then at most one every
``RETRY_SECONDS`` while it stays down; for that long the process does not try Redis again,
so an outage costs no connection attempt per request. Redis answers again: back to it.
"""

import hashlib
import json
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError, TimeoutError

logger = logging.getLogger(__name__)

RETRY_SECONDS = 10.0
UNREACHABLE = (ConnectionError, TimeoutError)


def _falls_back(name: str) -> Callable[..., Any]:
    """The cache method ``name``: on Redis, or on the local memory while Redis is down."""

    def method(self: "FailOpenRedisCache", *args: Any, **kwargs: Any) -> Any:
        return self._call(name, *args, **kwargs)

    method.__name__ = name
    return method


def computed_once[K, V](
    prefix: str, contents: Mapping[K, Any], compute: Callable[[Any], V], *, timeout: int
) -> dict[K, V]:
    """``compute(content)`` of each of ``contents`` (JSON: everything the value is a function
    of), by key, kept in the cache under ``prefix`` and the content's hash, so that a content
    that changes makes another key and no entry is ever stale: those found read in one round
    trip, the others computed once each and kept in one."""
    return computed_once_together(
        prefix, contents, lambda missing: [compute(content) for content in missing], timeout=timeout
    )


def computed_once_together[K, V](
    prefix: str,
    contents: Mapping[K, Any],
    compute: Callable[[list[Any]], list[V]],
    *,
    timeout: int,
) -> dict[K, V]:
    """:func:`computed_once`, the contents not found computed in one call: ``compute`` takes
    their list (each distinct content once) and answers their values in its order."""
    names = {
        key: f"{prefix}:"
        + hashlib.sha256(json.dumps(content, sort_keys=True, default=str).encode()).hexdigest()
        for key, content in contents.items()
    }
    found = cache.get_many(list(names.values()))
    missing: dict[str, Any] = {}
    for key, content in contents.items():
        if names[key] not in found:
            missing.setdefault(names[key], content)
    if missing:
        computed = dict(zip(missing, compute(list(missing.values())), strict=True))
        found.update(computed)
        cache.set_many(computed, timeout=timeout)
    return {key: found[name] for key, name in names.items()}


class Unreachable(Exception):
    """Redis cannot be reached (now, or it could not be a moment ago)."""


# The values of KEYS, then, when all are set, the value of ARGV[1] .. the values joined by "." ..
# ARGV[2]: a page's versions and the page kept under them, in one round trip.
_CHAINED_GET = """
local found = redis.call('MGET', unpack(KEYS))
for i = 1, #KEYS do
  if not found[i] then return {found, false} end
end
return {found, redis.call('GET', ARGV[1] .. table.concat(found, '.') .. ARGV[2])}
"""


# Each of KEYS moved on by one, or set to ARGV[1] (expiring after ARGV[2] seconds) where
# missing: the league versions' bump, every key in one round trip.
_COUNTERS_BUMP = """
for i = 1, #KEYS do
  if redis.call('EXISTS', KEYS[i]) == 1 then
    redis.call('INCR', KEYS[i])
  else
    redis.call('SET', KEYS[i], ARGV[1], 'EX', ARGV[2])
  end
end
return #KEYS
"""

# KEYS[1] counted once more, expiring ARGV[1] seconds after its first count: the count.
_WINDOW_COUNT = """
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count
"""


def counters_bump(keys: list[str], seed: int, timeout: int) -> None:
    """Move each of ``keys`` on by one, or start it at ``seed`` (kept ``timeout`` seconds)
    where it is missing: one round trip on Redis, where ``incr`` (which asks whether the key
    exists first) and ``add`` take two or more a key. ``Unreachable`` as :func:`shared`."""
    backend = caches["default"]
    if isinstance(backend, FailOpenRedisCache):
        backend.script(_COUNTERS_BUMP, keys, [seed, timeout])
        return
    for key in keys:
        if not backend.add(key, seed, timeout):
            backend.incr(key)


def window_count(key: str, timeout: int) -> int:
    """Count one more request under ``key`` (a rate limit's window, forgotten ``timeout``
    seconds after its first count) and answer the count: one round trip on Redis, on the
    process's own memory while Redis is down (the limits still count, per process)."""
    backend = caches["default"]
    if isinstance(backend, FailOpenRedisCache):
        try:
            return int(backend.script(_WINDOW_COUNT, [key], [timeout]))
        except Unreachable:
            backend = backend.local
    backend.add(key, 0, timeout)
    return backend.incr(key)


def chained_get(keys: list[str], prefix: str, suffix: str) -> tuple[list[Any], Any]:
    """The values of ``keys`` (``None`` where missing) and, when all are set, the value of
    ``prefix + ".".join(values) + suffix`` (else ``None``): one round trip on Redis, where a
    page's versions and the page itself would take two. ``Unreachable`` as :func:`shared`."""
    backend = caches["default"]
    if isinstance(backend, FailOpenRedisCache):
        return backend.chained_get(keys, prefix, suffix)
    values = [backend.get(key) for key in keys]
    if None in values:
        return values, None
    return values, backend.get(prefix + ".".join(str(value) for value in values) + suffix)


def shared(name: str, *args: Any, **kwargs: Any) -> Any:
    """Call ``name`` on the default cache, never on a per-process fallback: ``Unreachable``
    while Redis is down. A cache of another kind (the local memory of ``make run`` and the
    tests, one process) is called as it is."""
    backend = caches["default"]
    if isinstance(backend, FailOpenRedisCache):
        return backend.shared(name, *args, **kwargs)
    return getattr(backend, name)(*args, **kwargs)


class KeptClients(RedisCacheClient):
    """Django's Redis client, keeping one ``redis.Redis`` per connection pool: Django builds a
    new one for every call, about half a millisecond of CPU each (its table of reply
    callbacks), which was most of what a cached page cost. A ``redis.Redis`` is safe to share
    between threads (each command takes a connection from the pool)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            client = self._clients[index] = super().get_client(key, write=write)
        return client


class FailOpenRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = KeptClients
        local = {key: value for key, value in params.items() if key != "OPTIONS"}
        self.local = LocMemCache(f"fallback-{server}", local)
        self.down_until = 0.0
        self._chained: Any = None
        self._scripts: dict[str, Any] = {}

    def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return self.shared(name, *args, **kwargs)
        except Unreachable:
            return getattr(self.local, name)(*args, **kwargs)

    def shared(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """The cache method ``name`` on Redis only, never on the local memory: ``Unreachable``
        while Redis is down (what one process alone cannot keep, such as ``core.league_versions``)."""
        if time.monotonic() < self.down_until:
            raise Unreachable
        try:
            return getattr(super(), name)(*args, **kwargs)
        except UNREACHABLE as exc:
            self._lost(exc)
            raise Unreachable from exc

    def _lost(self, exc: Exception) -> None:
        self.down_until = time.monotonic() + RETRY_SECONDS
        logger.warning(
            "cache: Redis unreachable (%s); rate limits count in this process's "
            "memory and no page is cached for the next %d s",
            exc,
            RETRY_SECONDS,
        )

    def chained_get(self, keys: list[str], prefix: str, suffix: str) -> tuple[list[Any], Any]:
        """:func:`chained_get` on Redis, in one Lua script (values stored as Django's Redis
        serializer stores them: integers as their digits, the rest pickled)."""
        if time.monotonic() < self.down_until:
            raise Unreachable
        full = [self.make_and_validate_key(key) for key in keys]
        head, tail = self.make_key(f"{prefix}{{versions}}{suffix}").split("{versions}")
        client = self._cache.get_client(full[0])
        loads = self._cache._serializer.loads
        try:
            if self._chained is None:
                self._chained = client.register_script(_CHAINED_GET)
            values, entry = self._chained(keys=full, args=[head, tail], client=client)
        except UNREACHABLE as exc:
            self._lost(exc)
            raise Unreachable from exc
        found = [None if value is None else loads(value) for value in values]
        return found, None if entry is None else loads(entry)

    def script(self, source: str, keys: list[str], args: list[Any]) -> Any:
        """Run the Lua script ``source`` on Redis (registered once, then called by its digest)
        with ``keys`` (made into this cache's keys) and ``args``; ``Unreachable`` as
        :meth:`shared`. The script's reply is Redis's, not unpickled."""
        if time.monotonic() < self.down_until:
            raise Unreachable
        full = [self.make_and_validate_key(key) for key in keys]
        client = self._cache.get_client(full[0], write=True)
        try:
            runner = self._scripts.get(source)
            if runner is None:
                runner = self._scripts[source] = client.register_script(source)
            return runner(keys=full, args=args, client=client)
        except UNREACHABLE as exc:
            self._lost(exc)
            raise Unreachable from exc

    add = _falls_back("add")
    get = _falls_back("get")
    set = _falls_back("set")
    touch = _falls_back("touch")
    delete = _falls_back("delete")
    get_many = _falls_back("get_many")
    has_key = _falls_back("has_key")
    incr = _falls_back("incr")
    set_many = _falls_back("set_many")
    delete_many = _falls_back("delete_many")
    clear = _falls_back("clear")
