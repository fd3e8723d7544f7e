"""The page cache's tests (tests/caching) on the real Redis and PostgreSQL: versions bumped by
committed changes, served entries, validators and 304s, keys kept apart, Redis down."""

import pytest

from tests.caching.conftest import *  # noqa: F403  (the fixtures those tests take)
from tests.caching.test_changes import *  # noqa: F403
from tests.caching.test_http import *  # noqa: F403
from tests.caching.test_leagues_list import *  # noqa: F403

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_the_cache_is_the_real_redis():
    from django.core.cache import caches

    from core.cache import FailOpenRedisCache

    assert isinstance(caches["default"], FailOpenRedisCache)
