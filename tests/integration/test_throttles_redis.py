"""The API's write limit counted on the real Redis, as production counts it: one counter per user
and window, shared by every process (a second cache client, as another server process has,
sees the same count)."""

import time

import pytest
from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from rest_framework.test import APIClient

from core.api.throttles import WriteRateThrottle

pytestmark = [pytest.mark.integration, pytest.mark.django_db]


@pytest.fixture
def three_writes(monkeypatch):
    assert "Redis" in settings.CACHES["default"]["BACKEND"]  # the production cache
    monkeypatch.setattr(
        WriteRateThrottle,
        "THROTTLE_RATES",
        {**WriteRateThrottle.THROTTLE_RATES, "writes": "3/minute"},
    )
    now = 60 * (int(time.time()) // 60) + 1  # one window for the whole test
    monkeypatch.setattr(WriteRateThrottle, "timer", staticmethod(lambda: now))
    caches["default"].clear()
    yield
    caches["default"].clear()


def test_the_fourth_write_in_a_minute_is_refused_and_counted_in_redis(three_writes, coach):
    client = APIClient()
    client.force_authenticate(coach)
    answers = [client.patch("/api/v1/me/", {"language": "fr"}).status_code for _ in range(4)]
    read = client.get("/api/v1/me/")

    other_process = RedisCache(settings.CACHES["default"]["LOCATION"], {})
    prefix = caches["default"].make_key(f"throttle_writes_{coach.pk}:")
    counted = [key for key in other_process._cache.get_client().keys(f"{prefix}*")]

    assert answers == [200, 200, 200, 429]
    assert read.status_code == 200  # reads are not counted
    assert len(counted) == 1  # one counter for the window
    assert int(other_process._cache.get_client().get(counted[0])) == 4
    assert 0 < other_process._cache.get_client().ttl(counted[0]) <= 60
