"""Without a broker, `make run` plays a simulation in a background thread of the web process:
the request answers at once and the progress page watches the matches being played."""

import threading
import time

import pytest
from django.db import OperationalError
from django.urls import reverse

from core import enqueue
from matches import simulation_chunks
from matches.models import Fixture
from tests.pages.conftest import browser  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


def wait_for(condition, seconds: float = 10) -> bool:
    """Poll ``condition`` until it holds. The test database is SQLite in memory with a shared
    cache, whose table locks refuse a read at once ("database table is locked") while the
    background thread's transaction writes: such a read counts as "not yet"."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if condition():
                return True
        except OperationalError as error:
            if "locked" not in str(error):
                raise
        time.sleep(0.05)
    return condition()


def test_the_request_answers_before_the_matches_are_played(
    settings,
    browser,  # noqa: F811
    commissioner,
    league,
    season,
    team,
    other_team,
):
    settings.EAGER_TASKS_IN_BACKGROUND = True
    fixture = Fixture.objects.create(
        season=season, round=1, home=team, away=other_team, kickoff="2031-05-03T20:00Z"
    )
    release = threading.Event()
    real_simulate = simulation_chunks.fixtures_simulate  # what the worker runs: a chunk

    def held_simulate(**kwargs):
        release.wait(10)  # the "worker" takes its time
        return real_simulate(**kwargs)

    client = browser(commissioner)
    simulation_chunks.fixtures_simulate = held_simulate
    try:
        response = client.post(
            reverse("league:simulate", args=[league.pk]), {"season": season.pk, "round": 1}
        )
        assert response.status_code == 302
        progress = client.get(response["Location"]).content.decode()
        assert Fixture.objects.get(pk=fixture.pk).status == Fixture.Status.LOCKED
        assert '<progress value="0" max="1">' in progress
        release.set()
        assert wait_for(lambda: Fixture.objects.get(pk=fixture.pk).status == "played")
        # the result's own work (its rating, then its league's prices) runs after it, in the
        # same thread: the test's database is emptied only once that is done too
        assert wait_for(lambda: not enqueue.background_busy())
    finally:
        release.set()
        simulation_chunks.fixtures_simulate = real_simulate
