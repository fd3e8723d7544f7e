"""Battle runs on PostgreSQL: racing steps, racing confirmations, and a real worker.

Without the run's row lock two concurrent steps both resume the same state and the version
witness refuses the second (the race is real); with it, the second waits and plays the next
round. Casualties confirmed twice at once are applied once. A real Celery worker resolves a
run exactly once even when the task is sent twice.
"""

import contextlib
import threading
from unittest import mock

import pytest
from django.db import close_old_connections, connection

from battles import locking, services
from battles.models import ArmyEvent, BattleRun
from battles.tasks import battle_run_resolve_task
from rules_engine import Dice, witcher
from tests.battles.factories import CampaignFactory, auld_alliance, plain_army, siege, wild_hunt
from tests.factories import UserFactory
from tests.integration.conftest import wait_until

pytestmark = pytest.mark.integration


def _plain_run():
    """A run of two plain armies, no crucial moment: every step is an exchange round."""
    game_master = UserFactory(username="race_gm")
    campaign = CampaignFactory(game_master=game_master)
    battle = services.battle_create(
        campaign=campaign,
        user=game_master,
        name="Field",
        attacker=plain_army(campaign, "Reds"),
        defender=plain_army(campaign, "Blues"),
    )
    return services.run_start(battle=battle, user=game_master, seed=7), game_master


def _together(service, run_id: int, user) -> list[BaseException]:
    """Call ``service(run_id=, user=)`` in two threads at once; the errors raised."""
    errors: list[BaseException] = []

    def run():
        try:
            service(run_id=run_id, user=user)
        except BaseException as error:
            errors.append(error)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return errors


def _race_steps(run_id: int, user) -> tuple[int, list[BaseException]]:
    """Two run_step calls in two threads that meet inside the engine if both get there;
    returns how many met there (2: both resumed the same state) and the errors."""
    barrier = threading.Barrier(2)
    met = []
    real_step = witcher.BattleRun.step

    def meeting_step(self):
        # If the other thread never gets here (it waits for the row lock), go on alone.
        with contextlib.suppress(threading.BrokenBarrierError):
            barrier.wait(timeout=3)
            met.append(1)
        return real_step(self)

    with mock.patch.object(witcher.BattleRun, "step", meeting_step):
        errors = _together(services.run_step, run_id, user)
    return len(met), errors


@pytest.mark.django_db(transaction=True)
def test_without_the_row_lock_two_steps_race_and_the_version_witness_refuses_one():
    run, game_master = _plain_run()

    def unlocked(run_id):
        return BattleRun.objects.select_related("battle__campaign").filter(pk=run_id).first()

    with mock.patch.object(locking, "lock_run", side_effect=unlocked):
        met, errors = _race_steps(run.pk, game_master)

    assert met == 2  # both resumed the same state: the race happened
    assert len(errors) == 1 and isinstance(errors[0], services.StaleRunError)
    stored = BattleRun.objects.get(pk=run.pk)
    assert (stored.version, stored.state["actions"]) == (1, [["step", 1]])  # nothing lost twice


@pytest.mark.django_db(transaction=True)
def test_with_the_row_lock_the_second_step_waits_and_plays_the_next_round():
    run, game_master = _plain_run()

    met, errors = _race_steps(run.pk, game_master)

    assert errors == []
    assert met == 0  # the second step waited for the first to commit
    stored = BattleRun.objects.get(pk=run.pk)
    assert (stored.version, stored.state["actions"]) == (2, [["step", 2]])
    live = witcher.BattleRun.start(witcher.parse_battle(stored.state["battle"]), Dice(7))
    live.step()
    live.step()
    assert stored.state["rolls"] == live.dice.log()  # two rounds on one dice stream


@pytest.mark.django_db(transaction=True)
def test_casualties_confirmed_twice_at_once_are_applied_once():
    game_master, player = UserFactory(username="gm"), UserFactory(username="pl")
    campaign = services.campaign_create(game_master=game_master, name="Race")
    services.campaign_add_player(campaign=campaign, user=game_master, player=player)
    hunt = wild_hunt(campaign, user=game_master)
    alliance = auld_alliance(campaign, user=player, owner=player)
    battle = siege(campaign, user=game_master, attacker=hunt, defender=alliance)
    run = services.run_resolve(run_id=services.run_start(battle=battle, user=game_master).pk)

    errors = _together(services.casualties_confirm, run.pk, game_master)

    assert errors == []
    assert ArmyEvent.objects.filter(kind="casualties", run=run).count() == 2  # one per army
    lost = 94 - sum(alliance.troops.values_list("count", flat=True))
    assert lost == run.report["casualties"]["defender"]["casualties"]


def test_a_worker_resolves_a_run_once_even_when_the_task_is_sent_twice(worker):
    run, game_master = _plain_run()
    services.run_step(run_id=run.pk, user=game_master)

    services.run_resolve_request(run_id=run.pk, user=game_master)  # enqueued after commit
    battle_run_resolve_task.delay(run.pk)  # ... and a second time
    wait_until(lambda: BattleRun.objects.get(pk=run.pk).status == BattleRun.Status.FINISHED)
    wait_until(lambda: worker.log_path.read_text().count("succeeded") >= 2)  # both tasks ran

    stored = BattleRun.objects.get(pk=run.pk)
    assert stored.version == 2  # one step, then one resolution: the second task changed nothing
    live = witcher.BattleRun.start(witcher.parse_battle(stored.state["battle"]), Dice(7))
    assert stored.report == live.run_to_end(auto_decide=True).to_dict()
    assert worker.errors() == []
