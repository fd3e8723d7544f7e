"""The page cache's tests (tests/caching) on the real Redis and PostgreSQL: versions bumped by
committed changes, served entries, validators and 304s, keys kept apart, Redis down.

What depends on the cache's store runs here in full: every kind of change (tests/caching's
test_changes.py: versions bumped by commits, read back by another connection), Redis down on
every route, keys kept apart by language, time zone, query string and fragment. The tests that
repeat one rule over each route (served from the cache, validators, 304s) run here on one page
and one API read, ``ON_REDIS``: what they add per route is the route's own headers and body,
which the fast suite (``make test``, the local cache) checks on every route."""

import functools

import pytest

from tests.caching import test_http
from tests.caching.conftest import *  # noqa: F403  (the fixtures those tests take)
from tests.caching.test_changes import *  # noqa: F403
from tests.caching.test_http import *  # noqa: F403
from tests.caching.test_leagues_list import *  # noqa: F403

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

ON_REDIS = ["league", "api-league"]
"""A page and an API read: the two kinds of answer the cache stores."""


def _on_redis_routes(test):
    """``test``, parametrized over every route in tests/caching, over ``ON_REDIS`` only."""

    @functools.wraps(test)
    def on_redis(*args, **kwargs):
        return test(*args, **kwargs)

    on_redis.pytestmark = [mark for mark in test.pytestmark if mark.name != "parametrize"]
    return pytest.mark.parametrize("name", ON_REDIS)(on_redis)


test_a_second_anonymous_read_is_served_from_the_cache = _on_redis_routes(
    test_http.test_a_second_anonymous_read_is_served_from_the_cache
)
test_anonymous_answers_carry_validators_and_public_short_cache_control = _on_redis_routes(
    test_http.test_anonymous_answers_carry_validators_and_public_short_cache_control
)
test_if_none_match_gets_a_304_with_no_body = _on_redis_routes(
    test_http.test_if_none_match_gets_a_304_with_no_body
)


def test_the_cache_is_the_real_redis():
    from django.core.cache import caches

    from core.cache import FailOpenRedisCache

    assert isinstance(caches["default"], FailOpenRedisCache)
