"""Work that always fails is re-sent a few times, then recorded and left for a person."""

from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone

from core.sweeping import sweep_all
from matches import services
from matches.models import Fixture
from tests.factories import FixtureFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def stuck(season, team, other_team, settings):
    """A kicked-off fixture whose simulation never arrives (its worker fails every time)."""
    settings.SWEEPER_MAX_ATTEMPTS = 3
    fixture = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=1)
    )
    services.fixture_kick_off(fixture_id=fixture.pk)
    Fixture.objects.filter(pk=fixture.pk).update(locked_at=timezone.now() - timedelta(hours=1))
    return fixture


def test_the_sweeper_resends_a_stuck_fixture_a_few_times_then_records_the_problem(stuck):
    with mock.patch.object(services, "_enqueue") as enqueue:
        summaries = [services.fixtures_sweep_due() for _ in range(5)]

    sent = [call.args[0] for call in enqueue.call_args_list]
    assert sent == [[stuck.pk]] * 3 + [[]] * 2
    assert [s["enqueued"] for s in summaries] == [1, 1, 1, 0, 0]
    stuck.refresh_from_db()
    assert stuck.sweep_attempts == 3
    assert "after 3 tries" in stuck.problem


def test_the_commissioners_new_request_starts_the_count_afresh(stuck, season, commissioner):
    with mock.patch.object(services, "_enqueue"):
        for _ in range(4):
            services.fixtures_sweep_due()
        services.simulation_request(season=season, user=commissioner, fixture=stuck)

    stuck.refresh_from_db()
    assert (stuck.sweep_attempts, stuck.problem) == (0, "")


def test_the_problem_shows_on_the_league_page(client, stuck, league):
    with mock.patch.object(services, "_enqueue"):
        for _ in range(4):
            services.fixtures_sweep_due()

    page = client.get(league.get_absolute_url()).content.decode()

    assert "after 3 tries" in page


def test_one_failing_sweep_does_not_stop_the_others():
    calls = []

    def failing():
        raise RuntimeError("broken")

    def working():
        calls.append(1)
        return {"done": 1}

    with mock.patch(
        "core.registry.sweeps", return_value=[("a.failing", failing), ("b.working", working)]
    ):
        summary = sweep_all()

    assert calls == [1]
    assert summary == {"failed_sweeps": 1, "done": 1}


def test_an_unreachable_broker_leaves_the_work_to_the_sweeper(
    client, commissioner, league, season, stuck, django_capture_on_commit_callbacks
):
    from kombu.exceptions import OperationalError as BrokerUnavailable

    client.force_login(commissioner)
    with (
        mock.patch("celery.app.task.Task.delay", side_effect=BrokerUnavailable("refused")) as send,
        django_capture_on_commit_callbacks(execute=True),
    ):
        response = client.post(
            f"/leagues/{league.pk}/simulate/", {"season": season.pk, "fixture": stuck.pk}
        )

    assert send.called
    assert response.status_code == 302  # to the progress page, not a server error
    stuck.refresh_from_db()
    assert stuck.status == Fixture.Status.LOCKED  # recorded; the sweeper sends it later
