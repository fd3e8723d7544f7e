"""Battle runs: started from a snapshot, stepped round by round, paused for the game master,
resumed on the same dice stream; the stepped run equals the engine's uninterrupted one."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from battles import services
from battles.models import BattleRun
from battles.selectors import campaigns as selectors
from battles.services import runs as run_services
from rules_engine import Dice, witcher
from tests.battles.factories import plain_army, siege

pytestmark = pytest.mark.django_db

SEED = 20240601


def drive(run, user, decisions):
    """Step a run through the services to its end, answering each pause from ``decisions``."""
    answers = iter(decisions)
    while run.status != BattleRun.Status.FINISHED:
        if run.pending is None:
            run = services.run_step(run_id=run.pk, user=user)
        elif run.pending["decision"] == "crucial_moment":
            run = services.run_decide_crucial_moment(run_id=run.pk, user=user, winner=next(answers))
        else:
            run = services.run_choose_phase3_skill(run_id=run.pk, user=user, skill=next(answers))
    return run


def engine_run(run, decisions):
    """The same battle in the engine alone, uninterrupted, with the same seed and decisions."""
    battle = witcher.parse_battle(run.state["battle"])
    live = witcher.BattleRun.start(battle, Dice(run.seed))
    answers = iter(decisions)
    while not live.finished:
        live.run_until_pause()
        if live.pending is not None:
            if live.pending.decision is witcher.Decision.CRUCIAL_MOMENT:
                live.decide_crucial_moment(next(answers))
            else:
                live.choose_phase3_skill(next(answers))
    return live.result().to_dict()


# --- starting -------------------------------------------------------------------------------


def test_the_game_master_starts_a_run_with_its_seed(battle, game_master):
    run = services.run_start(battle=battle, user=game_master, seed=SEED)

    assert (run.seed, run.status, run.version, run.started_by) == (SEED, "running", 0, game_master)
    assert run.state["seed"] == SEED and run.state["actions"] == []
    assert run.state["battle"]["defender"]["name"] == "Auld Alliance"


def test_a_fresh_seed_is_drawn_and_stored(battle, game_master):
    run = services.run_start(battle=battle, user=game_master)

    assert 0 <= run.seed == run.state["seed"]


@pytest.mark.parametrize("persona", ["player", "other_player", "stranger"])
def test_only_the_game_master_starts_a_run(request, battle, persona):
    with pytest.raises(PermissionDenied):
        services.run_start(battle=battle, user=request.getfixturevalue(persona))
    assert not BattleRun.objects.exists()


def test_a_battle_with_card_errors_is_refused_naming_every_field(
    battle, game_master, hunt, alliance, player
):
    services.troop_update(troop=alliance.troops.get(name="Militia"), user=player, phase=1)
    services.troop_add(army=hunt, user=game_master, name="Spies", dc=14, count=2, phase=1)

    with pytest.raises(ValidationError) as caught:
        services.run_start(battle=battle, user=game_master, seed=1)

    assert sorted(caught.value.message_dict) == [
        "attacker.troops.3.phase",
        "defender.troops.0.phase",
    ]
    assert "main troop" in caught.value.message_dict["defender.troops.0.phase"][0]
    assert not BattleRun.objects.exists()


def test_a_bad_seed_is_named(battle, game_master):
    with pytest.raises(ValidationError) as caught:
        services.run_start(battle=battle, user=game_master, seed=-1)

    assert list(caught.value.message_dict) == ["seed"]


def test_card_edits_after_the_start_never_change_the_run(battle, game_master, player, alliance):
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    services.troop_delete(troop=alliance.troops.get(name="Golems"), user=player)
    services.army_update(army=alliance, user=player, works={})

    finished = drive(run, game_master, ["defender", "attacker", "defender"])

    assert [t["name"] for t in finished.state["battle"]["defender"]["troops"]][3] == "Golems"
    assert finished.report == engine_run(finished, ["defender", "attacker", "defender"])
    assert finished.report["phases"][1]["dc"]["attacker"] == 16  # against the card with works


# --- stepping and deciding ------------------------------------------------------------------


def test_a_step_plays_one_exchange_round_and_stores_its_dice(battle, game_master):
    run = services.run_start(battle=battle, user=game_master, seed=SEED)

    run = services.run_step(run_id=run.pk, user=game_master)

    phase = run.state["progress"]["phases"][0]
    assert [event["kind"] for event in phase["events"]] == ["round"]
    assert run.state["actions"] == [["step", 1]] and run.version == 1
    rolls = run.state["rolls"]
    assert rolls and all(set(roll) == {"die", "value", "purpose"} for roll in rolls)
    assert rolls[0]["purpose"] == {"code": "exchange_round", "phase": 1, "round": 1,
                                   "side": "attacker"}  # fmt: skip


def test_a_run_stepped_through_crucial_moments_equals_the_uninterrupted_engine(battle, game_master):
    decisions = ["defender", "attacker", "defender"]
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    paused_at = []

    answers = iter(decisions)
    while run.status != BattleRun.Status.FINISHED:
        if run.pending is None:
            run = services.run_step(run_id=run.pk, user=game_master)
        else:
            assert run.status == BattleRun.Status.PAUSED
            paused_at.append(run.pending["phase"])
            run = services.run_decide_crucial_moment(
                run_id=run.pk, user=game_master, winner=next(answers)
            )

    assert paused_at == [1, 3]  # with this seed, phase 2 ends before its moment is due
    assert run.report["phases"][1]["crucial_moment"] == "skipped"
    assert run.report == engine_run(run, decisions[:2])
    assert run.winner == run.report["winner"]
    assert run.state["rolls"] == run.report["rolls"]


def test_resolving_mid_way_lets_the_automatic_policies_finish(battle, game_master):
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    while run.pending is None:
        run = services.run_step(run_id=run.pk, user=game_master)
    run = services.run_decide_crucial_moment(run_id=run.pk, user=game_master, winner="defender")

    run = services.run_resolve(run_id=run.pk)

    live = witcher.BattleRun.start(witcher.parse_battle(run.state["battle"]), Dice(SEED))
    live.run_until_pause()
    live.decide_crucial_moment("defender")
    assert run.report == live.run_to_end(auto_decide=True).to_dict()
    assert run.status == BattleRun.Status.FINISHED


@pytest.mark.parametrize("persona", ["player", "other_player", "stranger"])
def test_only_the_game_master_steps_decides_and_resolves(request, battle, game_master, persona):
    user = request.getfixturevalue(persona)
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    services.run_step(run_id=run.pk, user=game_master)
    run = services.run_step(run_id=run.pk, user=game_master)
    assert run.pending is not None  # the crucial moment of phase 1 is due
    before = BattleRun.objects.values("version", "state").get(pk=run.pk)

    for action in (
        lambda: services.run_step(run_id=run.pk, user=user),
        lambda: services.run_decide_crucial_moment(run_id=run.pk, user=user, winner="attacker"),
        lambda: services.run_skip_crucial_moment(run_id=run.pk, user=user),
        lambda: services.run_choose_phase3_skill(run_id=run.pk, user=user, skill="tactics"),
        lambda: services.run_resolve_request(run_id=run.pk, user=user),
    ):
        with pytest.raises(PermissionDenied):
            action()
    assert BattleRun.objects.values("version", "state").get(pk=run.pk) == before


def test_a_paused_run_refuses_to_step_and_names_the_decision(battle, game_master):
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    while run.pending is None:
        run = services.run_step(run_id=run.pk, user=game_master)

    with pytest.raises(ValidationError) as step:
        services.run_step(run_id=run.pk, user=game_master)
    with pytest.raises(ValidationError) as bad_side:
        services.run_decide_crucial_moment(run_id=run.pk, user=game_master, winner="both")
    with pytest.raises(ValidationError) as no_skill_due:
        services.run_choose_phase3_skill(run_id=run.pk, user=game_master, skill="tactics")

    assert "crucial moment of phase 1" in step.value.message_dict["run"][0]
    assert list(bad_side.value.message_dict) == ["winner"]
    assert list(no_skill_due.value.message_dict) == ["skill"]
    assert BattleRun.objects.get(pk=run.pk).version == run.version


def test_deciding_when_nothing_is_pending_is_refused(battle, game_master):
    run = services.run_start(battle=battle, user=game_master, seed=SEED)

    with pytest.raises(ValidationError) as caught:
        services.run_decide_crucial_moment(run_id=run.pk, user=game_master, winner="attacker")
    assert list(caught.value.message_dict) == ["winner"]
    with pytest.raises(ValidationError):
        services.run_skip_crucial_moment(run_id=run.pk, user=game_master)


def test_a_skipped_crucial_moment_is_recorded(battle, game_master):
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    while run.pending is None:
        run = services.run_step(run_id=run.pk, user=game_master)

    run = services.run_skip_crucial_moment(run_id=run.pk, user=game_master)

    assert run.state["progress"]["phases"][0]["crucial_moment"] == "skipped"
    assert run.state["actions"][-1] == ["skip_crucial_moment", None]


def test_the_game_master_chooses_the_phase3_skill(campaign, game_master, hunt, alliance):
    battle = siege(
        campaign,
        user=game_master,
        attacker=hunt,
        defender=alliance,
        crucial_moments={},
        options={"phase3_skill": "gm"},
    )
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    while run.pending is None:
        run = services.run_step(run_id=run.pk, user=game_master)
    assert run.pending["decision"] == "phase3_skill"
    chooser = run.pending["chooser"]

    run = services.run_choose_phase3_skill(run_id=run.pk, user=game_master, skill="tactics")
    run = drive(run, game_master, [])

    phase3 = run.report["phases"][2]
    assert (phase3["skill"], phase3["skill_chosen_by"]) == ("tactics", chooser)
    assert phase3["events"][0]["decided_by"] == "gm"


def test_a_finished_run_is_never_played_again(battle, game_master):
    run = services.run_resolve(run_id=services.run_start(battle=battle, user=game_master).pk)

    with pytest.raises(ValidationError) as caught:
        services.run_step(run_id=run.pk, user=game_master)
    assert caught.value.message_dict == {"run": ["The battle is over."]}
    assert services.run_resolve(run_id=run.pk).version == run.version


def test_a_save_from_a_stale_state_is_refused(battle, game_master):
    # given a run read, then moved on by someone else
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    stale = BattleRun.objects.get(pk=run.pk)
    services.run_step(run_id=run.pk, user=game_master)

    # when a write based on the stale state lands, then the version witness refuses it
    live = witcher.BattleRun.from_dict(stale.state)
    live.step()
    with pytest.raises(services.StaleRunError):
        run_services._save(stale, live)
    assert BattleRun.objects.get(pk=run.pk).state["actions"] == [["step", 1]]


# --- the run as the battle page shows it ----------------------------------------------------


def test_the_run_view_of_a_paused_run(battle, game_master):
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    while run.pending is None:
        run = services.run_step(run_id=run.pk, user=game_master)

    view = selectors.run_view(run_id=run.pk)

    assert view.status == "paused" and view.sr == 10
    assert view.names == {"attacker": "Wild Hunt", "defender": "Auld Alliance"}
    assert view.pending.decision == "crucial_moment" and view.pending.choices == [
        "attacker",
        "defender",
    ]
    assert "Wild Hunt or Auld Alliance" in view.pending.prompt
    assert [phase.state for phase in view.phases] == ["under_way", "to_come", "to_come"]
    first = view.phases[0]
    assert first.crucial_moment == "planned"
    assert max(first.totals.values()) >= view.sr - 5
    assert first.progress == {side: min(100, total * 10) for side, total in first.totals.items()}
    assert [(m.key, m.value) for m in first.sides["defender"].modifiers if m.value] == [
        ("enemy_card", 18),
        ("specialists", -1),
        ("superiority", 2),
    ]
    round_one = first.events[0]
    assert set(round_one["attacker"]) >= {
        "natural",
        "extra",
        "fumble",
        "base",
        "luck",
        "total",
        "dc",
        "points",
    }
    assert view.phases[2].skill is None and view.phases[2].sides["defender"].dc == 20
    assert view.winner is None and view.crushing is None and view.casualties is None


def test_the_run_view_of_a_finished_run_has_the_report_and_casualties(battle, game_master):
    run = services.run_resolve(
        run_id=services.run_start(battle=battle, user=game_master, seed=SEED).pk
    )

    view = selectors.run_view(run_id=run.pk)

    assert view.finished and view.winner == run.winner
    assert sum(view.phases_won.values()) == 3
    assert [phase.state for phase in view.phases] == ["won", "won", "won"]
    assert view.crushing == (max(view.phases_won.values()) == 3)
    assert view.casualties_to_confirm
    keys = [m.key for m in view.casualty_modifiers["defender"]]
    assert keys[:3] == ["enemy_base_dc", "phases_won", "phases_lost"]
    assert view.rolls == view.report["rolls"]


def test_a_skirmish_moment_pauses_before_the_first_roll(campaign, game_master):
    attacker = plain_army(campaign, "Brigands", count=20)
    defender = plain_army(campaign, "Village", count=25)
    battle = services.battle_create(
        campaign=campaign,
        user=game_master,
        name="Raid",
        attacker=attacker,
        defender=defender,
        crucial_moments={"1": {}},
        options={"moments": "gm"},
    )

    run = services.run_start(battle=battle, user=game_master, seed=3)

    assert run.status == "paused" and run.state["rolls"] == []
    run = services.run_decide_crucial_moment(run_id=run.pk, user=game_master, winner="attacker")
    assert run.state["progress"]["phases"][0]["winner"] == "attacker"  # SR 5: the moment wins it
