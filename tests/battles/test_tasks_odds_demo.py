"""The resolve task (idempotent, enqueued after commit), the odds estimate and the demo."""

import io

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from battles import services
from battles.models import BattleRun, Campaign
from battles.tasks import battle_run_resolve_task

pytestmark = pytest.mark.django_db


def test_the_resolve_task_run_twice_resolves_once(battle, game_master):
    run = services.run_start(battle=battle, user=game_master, seed=11)

    first = battle_run_resolve_task.apply(args=[run.pk]).get()
    finished = BattleRun.objects.get(pk=run.pk)
    second = battle_run_resolve_task.apply(args=[run.pk]).get()

    assert first == second == {"run": run.pk, "status": "finished"}
    again = BattleRun.objects.get(pk=run.pk)
    assert (again.version, again.report, again.updated_at) == (
        finished.version,
        finished.report,
        finished.updated_at,
    )


def test_the_resolve_task_of_a_missing_run_does_nothing():
    assert battle_run_resolve_task.apply(args=[987654]).get() == {"run": 987654, "status": None}


def test_a_resolve_request_enqueues_after_commit(
    battle, game_master, django_capture_on_commit_callbacks
):
    run = services.run_start(battle=battle, user=game_master, seed=11)

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        requested = services.run_resolve_request(run_id=run.pk, user=game_master)
    assert requested.resolve_requested_at is not None
    assert BattleRun.objects.get(pk=run.pk).status == "running"  # nothing ran yet
    assert len(callbacks) == 1

    with django_capture_on_commit_callbacks(execute=True):
        services.run_resolve_request(run_id=run.pk, user=game_master)
    assert BattleRun.objects.get(pk=run.pk).status == "finished"

    with django_capture_on_commit_callbacks(execute=False) as none:
        services.run_resolve_request(run_id=run.pk, user=game_master)
    assert none == []  # a finished run enqueues nothing


def test_the_sweeper_finishes_a_requested_run_whose_message_was_lost(
    battle, game_master, django_capture_on_commit_callbacks
):
    # given a resolution was requested but the broker lost the message
    run = services.run_start(battle=battle, user=game_master, seed=11)
    with django_capture_on_commit_callbacks(execute=False):
        services.run_resolve_request(run_id=run.pk, user=game_master)
    unrequested = services.run_start(battle=battle, user=game_master, seed=12)

    # when the periodic sweeper runs
    with django_capture_on_commit_callbacks(execute=True):
        summary = services.runs_sweep_requested()

    # then the requested run is resolved, and a run nobody asked to resolve is left alone
    assert summary == {"enqueued": 1}
    assert BattleRun.objects.get(pk=run.pk).status == "finished"
    assert BattleRun.objects.get(pk=unrequested.pk).status != "finished"
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        assert services.runs_sweep_requested() == {"enqueued": 0}
    assert callbacks == []


def test_odds_of_the_text_battle(battle):
    odds = services.battle_odds(battle=battle, n=2000, seed=5)

    assert odds["n"] == 2000 and odds["seed"] == 5
    assert 0 <= odds["attacker_win"] <= 1
    assert set(odds["crushing"]) == {"attacker", "defender"}
    assert set(odds["phase_win"]) == {"1", "2", "3"}
    assert services.battle_odds(battle=battle, n=2000, seed=5) == odds  # replays from its seed


def test_odds_refuse_a_bad_n_and_card_errors(battle, alliance, player):
    for n in (0, services.MAX_ODDS_N + 1, True):
        with pytest.raises(ValidationError) as caught:
            services.battle_odds(battle=battle, n=n)
        assert list(caught.value.message_dict) == ["n"]
    services.troop_update(troop=alliance.troops.get(name="Militia"), user=player, phase=1)
    with pytest.raises(ValidationError) as caught:
        services.battle_odds(battle=battle, n=10)
    assert list(caught.value.message_dict) == ["defender.troops.0.phase"]


def test_the_demo_builds_the_auld_alliance_battle_once(db):
    out = io.StringIO()
    call_command("demo_battles", force=True, stdout=out)
    call_command("demo_battles", force=True, stdout=io.StringIO())

    campaign = Campaign.objects.get()
    assert campaign.game_master.username == "gamemaster"
    assert list(campaign.players.values_list("username", flat=True)) == ["player"]
    assert sorted(campaign.armies.values_list("name", flat=True)) == ["Auld Alliance", "Wild Hunt"]
    run = BattleRun.objects.get()
    assert run.status == "finished" and run.report["sr"] == 10
    moments = [phase["crucial_moment"] for phase in run.report["phases"]]
    assert all(m == "skipped" or m["winner"] in ("attacker", "defender") for m in moments)
    assert "gamemaster" in out.getvalue() and "auld-alliance-player" in out.getvalue()
