"""Every list page and endpoint (``core.list_requests``) costs the same number of queries on
a small league and on a large one (20 full teams, 380 fixtures, 100 results, bets, history,
notifications, 15 campaigns), and never more than a fixed ceiling.

The small world is built and every request counted on it first; then the large world is
added (so the global lists grow too) and each test makes the same request on it under
``django_assert_max_num_queries(<the small count>)``. Each request is made once before it is
counted, so what a first read stores (odds, standings) is not counted on one side only.
"""

import pytest
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from core.list_requests import LIST_REQUESTS, ListRequest
from tests.volume.world import World, world_build

CEILING = 25
"""No list page or endpoint may need more queries than this, whatever its size."""

TABLES = {
    "api standings",
    "page league",
    "page league as its commissioner",
    "page league, its last round",
    "export standings",
    "page result book",
}
"""Requests that draw the league table: where teams are level before the head-to-head
tie-breaker, it reads their mutual results (``matches.standings``), one query more whatever the
volume; whether a world has level teams depends on its simulated results."""


def _client(world: World, request: ListRequest):
    user = world.users()[request.persona]
    if request.api:
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture(scope="module")
def small_counts_and_large_world(django_db_setup, django_db_blocker):
    """Build the small world, count each request on it, then add the large world; all in one
    transaction rolled back after the module."""
    with django_db_blocker.unblock(), transaction.atomic():
        small = world_build(prefix="small", teams=4, played_rounds=2, punters=3, campaigns=1)
        counts = {}
        for request in LIST_REQUESTS:
            client, url = _client(small, request), request.url(small.samples())
            client.get(url)  # a first read may store what later reads find (odds, standings)
            with CaptureQueriesContext(connection) as queries:
                response = client.get(url)
            counts[request.name] = (response.status_code, len(queries))
        large = world_build(prefix="large", teams=20, played_rounds=10, punters=20, campaigns=15)
        yield counts, large
        transaction.set_rollback(True)


@pytest.mark.django_db
def test_the_large_world_is_large(small_counts_and_large_world):
    # a guard on the test itself: the volume it claims
    from betting.models import Bet
    from core.models import HistoryEntry
    from ledger.models import Entry
    from matches.models import Fixture, Result
    from notifications.models import Notification
    from systems.rotzball.models import Player

    _, large = small_counts_and_large_world
    assert large.season.fixtures.count() == 380
    assert Result.objects.filter(fixture__season=large.season).count() == 100
    assert Player.objects.filter(team__league=large.league).count() == 20 * 9
    assert Bet.objects.filter(fixture__season=large.season).count() >= 200
    assert Entry.objects.filter(account__league=large.league).count() >= 400
    assert HistoryEntry.objects.filter(league_id=large.league.pk).count() >= 1000
    assert Notification.objects.filter(league=large.league).count() >= 200
    assert Fixture.objects.count() > 380


@pytest.mark.django_db
@pytest.mark.parametrize("request_", LIST_REQUESTS, ids=[r.name for r in LIST_REQUESTS])
def test_query_count_does_not_grow_with_the_volume(
    small_counts_and_large_world, request_, django_assert_max_num_queries
):
    # given the count of this request on the small world
    small_counts, large = small_counts_and_large_world
    small_status, small_count = small_counts[request_.name]
    assert small_status == 200
    assert small_count <= CEILING

    # when making it on the large world, then it costs no more queries
    client, url = _client(large, request_), request_.url(large.samples())
    client.get(url)
    budget = small_count + (1 if request_.name in TABLES else 0)
    with django_assert_max_num_queries(budget) as counted:
        response = client.get(url)
    assert response.status_code == 200
    print(f"{request_.name}: {small_count} queries small, {len(counted)} large")


WEIGHTS = {
    "page league": 64_000,
    "page league as its commissioner": 64_000,
    "page league, its last round": 64_000,
    "page betting": 96_000,
    "page betting, its last round": 96_000,
}
"""The most bytes each page that shows one round of a season may weigh on the large world (a
380-fixture season: 375 KB for the league page and 1.1 MB for a punter's betting page when they
showed every round)."""


@pytest.mark.django_db
@pytest.mark.parametrize("name", WEIGHTS)
def test_the_round_pages_weigh_one_round(small_counts_and_large_world, name):
    _, large = small_counts_and_large_world
    request = next(request for request in LIST_REQUESTS if request.name == name)

    response = _client(large, request).get(request.url(large.samples()))

    assert response.status_code == 200
    assert len(response.content) <= WEIGHTS[name]
    print(f"{name}: {len(response.content)} bytes")
