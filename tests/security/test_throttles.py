"""Writes and expensive requests are limited per user, in the API's error shape."""

import time

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from core.api.throttles import ExpensiveRateThrottle, WriteRateThrottle


@pytest.fixture
def rates(monkeypatch):
    """Small rates for the test (the classes read their rates when they are defined), and the
    throttles' clock held a second into a minute: the counts are kept per fixed window, so a
    test crossing the minute would otherwise start counting again."""
    now = 60 * (int(time.time()) // 60) + 1
    for throttle in (WriteRateThrottle, ExpensiveRateThrottle):
        monkeypatch.setattr(
            throttle,
            "THROTTLE_RATES",
            {**throttle.THROTTLE_RATES, "writes": "3/minute", "expensive": "2/minute"},
        )
        monkeypatch.setattr(throttle, "timer", staticmethod(lambda: now))
    cache.clear()


@pytest.mark.django_db
def test_writes_are_limited_per_user_and_reads_are_not(rates, coach, other_coach):
    client = APIClient()
    client.force_authenticate(coach)
    for _attempt in range(3):
        assert client.patch("/api/v1/me/", {"language": "fr"}).status_code == 200

    limited = client.patch("/api/v1/me/", {"language": "en"})
    read = client.get("/api/v1/me/")
    other = APIClient()
    other.force_authenticate(other_coach)

    assert limited.status_code == 429
    assert limited.json()["error"]["code"] == "throttled"
    assert int(limited["Retry-After"]) > 0
    assert read.status_code == 200 and read.json()["language"] == "fr"  # nothing changed
    assert other.patch("/api/v1/me/", {"language": "fr"}).status_code == 200


@pytest.mark.django_db
def test_season_simulations_are_limited_per_user(rates, commissioner, season):
    client = APIClient()
    client.force_authenticate(commissioner)
    url = f"/api/v1/seasons/{season.pk}/simulate/"
    answers = [client.post(url, {}).status_code for _attempt in range(3)]

    assert 429 not in answers[:2]
    assert answers[2] == 429


@pytest.mark.django_db
def test_the_pages_share_the_limit_of_expensive_requests(rates, commissioner, league, season):
    from django.test import Client

    client = Client()
    client.force_login(commissioner)
    api = APIClient()
    api.force_authenticate(commissioner)
    api.post(f"/api/v1/seasons/{season.pk}/simulate/", {})
    api.post(f"/api/v1/seasons/{season.pk}/simulate/", {})

    page = client.post(f"/leagues/{league.pk}/simulate/", {"season": season.pk})

    assert page.status_code == 429
    assert "try again in" in page.content.decode()
    assert int(page["Retry-After"]) > 0
