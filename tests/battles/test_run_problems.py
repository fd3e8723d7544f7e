"""A run that no longer replays answers a clear error; a resolution that never succeeds is
re-sent a few times, then recorded for the game master."""

import copy
from unittest import mock

import pytest
from django.core.exceptions import ValidationError

from battles import services
from battles.models import BattleRun
from battles.services import runs as run_services

pytestmark = pytest.mark.django_db

SEED = 20240601


@pytest.fixture
def broken_run(battle, game_master):
    """A run stepped once, whose stored dice were then changed: it no longer replays."""
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    run = services.run_step(run_id=run.pk, user=game_master)
    state = copy.deepcopy(run.state)  # the engine's roll entries are shared: read-only
    state["rolls"][0]["value"] = 0
    BattleRun.objects.filter(pk=run.pk).update(state=state)
    return run


def test_stepping_a_run_that_does_not_replay_is_a_clear_error(broken_run, game_master):
    with pytest.raises(ValidationError) as refused:
        services.run_step(run_id=broken_run.pk, user=game_master)

    assert list(refused.value.message_dict) == ["run"]
    assert "no longer replays" in refused.value.message_dict["run"][0]
    assert BattleRun.objects.get(pk=broken_run.pk).version == broken_run.version


def test_the_worker_records_a_run_that_does_not_replay_and_stops(broken_run):
    BattleRun.objects.filter(pk=broken_run.pk).update(resolve_requested_at="2026-01-01T00:00Z")

    run = services.run_resolve(run_id=broken_run.pk)

    assert run.status != BattleRun.Status.FINISHED
    assert run.resolve_requested_at is None and "no longer replays" in run.problem
    with mock.patch.object(run_services, "enqueue_on_commit") as enqueue:
        assert services.runs_sweep_requested() == {"enqueued": 0}
    enqueue.assert_not_called()


def test_the_step_page_shows_the_error_not_a_server_error(client, broken_run, game_master):
    client.force_login(game_master)

    response = client.post(f"/campaigns/runs/{broken_run.pk}/step/", follow=True)

    assert response.status_code < 500
    assert "no longer replays" in response.content.decode()


def test_a_resolution_that_never_arrives_is_resent_a_few_times(battle, game_master, settings):
    settings.SWEEPER_MAX_ATTEMPTS = 2
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    with mock.patch.object(run_services, "enqueue_on_commit") as enqueue:
        services.run_resolve_request(run_id=run.pk, user=game_master)
        sweeps = [services.runs_sweep_requested()["enqueued"] for _ in range(4)]

        assert sweeps == [1, 1, 0, 0]
        assert enqueue.call_count == 1 + 2
        assert "after 2 tries" in BattleRun.objects.get(pk=run.pk).problem

        services.run_resolve_request(run_id=run.pk, user=game_master)  # asked again
        assert services.runs_sweep_requested()["enqueued"] == 1
    assert BattleRun.objects.get(pk=run.pk).problem == ""
