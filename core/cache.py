"""The shared cache (Redis) that a Redis outage does not turn into 500s.

The cache holds only rate counts (the API's throttles, allauth's sign-up and sign-in limits):
nothing that must survive. When Redis cannot be reached, each call falls back to a cache in
the process's own memory, so the limits still count, per process, and sign-ins, bets and
every other write go on. One warning is logged when Redis is lost, then at most one every
``RETRY_SECONDS`` while it stays down; for that long the process does not try Redis again,
so an outage costs no connection attempt per request. Redis answers again: back to it.
"""

import logging
import time
from collections.abc import Callable
from typing import Any

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
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


class FailOpenRedisCache(RedisCache):
    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        local = {key: value for key, value in params.items() if key != "OPTIONS"}
        self.local = LocMemCache(f"fallback-{server}", local)
        self.down_until = 0.0

    def _call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        if time.monotonic() >= self.down_until:
            try:
                return getattr(super(), name)(*args, **kwargs)
            except UNREACHABLE as exc:
                self.down_until = time.monotonic() + RETRY_SECONDS
                logger.warning(
                    "cache: Redis unreachable (%s); rate limits count in this process's "
                    "memory for the next %d s",
                    exc,
                    RETRY_SECONDS,
                )
        return getattr(self.local, name)(*args, **kwargs)

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
