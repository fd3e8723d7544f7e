"""The resolution, round by round, with scripted dice.

Unless a test says otherwise: two armies of 300 militia (SR 10, both DCs 12), commanders
with base 12, so a natural 2..9 scores exactly its value. ``WIN_A`` / ``WIN_D`` script a
one-round phase for the attacker / the defender.
"""

import pytest

from rules_engine import Dice, IllegalAction, InvalidInput
from rules_engine.witcher import (
    BattleRun,
    Decision,
    RunStatus,
    Side,
    Skill,
    Victory,
    load_tables,
    parse_battle,
)
from tests.engine.witcher.builders import auld_alliance_battle, battle, plain, start

WIN_A = [10, 9, 2]  # attacker 12 + 19 = 31 (19 points), defender 2 points
WIN_D = [2, 10, 9]
BASE = battle(plain("A"), plain("B"))
SKIRMISH = battle(plain("A", 100), plain("B", 100))


def phase(run, number=1):
    return run.snapshot()["phases"][number - 1]


def steps(run, count):
    return [run.step() for _ in range(count)]


# -- exchange rounds and the end of a phase ---------------------------------------------


def test_a_phase_ends_when_a_total_reaches_sr_and_the_higher_total_wins():
    run = start(BASE, Dice.scripted([6, 3, 5, 4]))
    first, second = steps(run, 2)

    assert first["totals"] == {"attacker": 6, "defender": 3}
    assert first["phase_winner"] is None
    assert second["totals"] == {"attacker": 11, "defender": 7}
    assert second["phase_winner"] == "attacker"
    p1 = phase(run)
    assert (p1["rounds"], p1["winner"], p1["skill"]) == (2, "attacker", "tactics")
    assert run.phase == 2


def test_equal_totals_at_sr_play_another_round():
    run = start(BASE, Dice.scripted([5, 5, 5, 5, 2, 3]))
    steps(run, 3)

    assert phase(run)["totals"] == {"attacker": 12, "defender": 13}
    assert (phase(run)["rounds"], phase(run)["winner"]) == (3, "defender")


def test_when_both_reach_sr_the_higher_total_wins():
    run = start(BASE, Dice.scripted([9, 9, 3, 2]))
    steps(run, 2)

    assert phase(run)["totals"] == {"attacker": 12, "defender": 11}
    assert phase(run)["winner"] == "attacker"


def test_a_roll_under_the_dc_scores_nothing_and_subtracts_nothing():
    run = start(BASE, Dice.scripted([1, 5, 4]))
    event = run.step()

    assert event["attacker"]["total"] == 8
    assert event["attacker"]["points"] == 0
    assert event["totals"] == {"attacker": 0, "defender": 4}


def test_an_exploding_critical_can_take_the_phase_in_one_round():
    run = start(BASE, Dice.scripted([10, 10, 3, 2]))
    event = run.step()

    assert event["attacker"]["extra"] == [10, 3]
    assert event["attacker"]["points"] == 23
    assert event["phase_winner"] == "attacker"


def test_both_commanders_always_roll_the_same_number_of_times():
    run = start(BASE, Dice.scripted([6, 3, 5, 4]))
    steps(run, 2)

    purposes = [roll["purpose"] for roll in run.dice.log()]
    assert purposes == [
        {"code": "exchange_round", "phase": 1, "round": number, "side": side}
        for number in (1, 2) for side in ("attacker", "defender")
    ]  # fmt: skip


def test_phase_skills_and_seconds_in_command():
    defender = plain("B") | {
        "seconds": {"1": {"name": "Scout", "tactics": 15, "command": 5},
                    "2": {"name": "Priest", "tactics": 5, "command": 14}},
    }  # fmt: skip
    attacker = plain("A", tactics=11, command=13)
    run = start(battle(attacker, defender), Dice.scripted([*WIN_A, *WIN_D, *WIN_A]))
    result = run.run_to_end()

    bases = [
        (p.events[-1]["attacker"]["base"], p.events[-1]["defender"]["base"]) for p in result.phases
    ]
    # Phase 1 Tactics, phase 2 Command; the defender won phase 2 and its phase-3 commander
    # (the army's own, base 12/12) faces 11/13: Tactics +1 v Command -1, so Tactics.
    assert bases == [(11, 15), (13, 14), (11, 12)]
    assert [p.skill for p in result.phases] == [Skill.TACTICS, Skill.COMMAND, Skill.TACTICS]
    assert result.phases[2].skill_chosen_by is Side.DEFENDER
    assert result.phases[2].commanders == {
        Side.ATTACKER: "A commander",
        Side.DEFENDER: "B commander",
    }
    assert result.phases[0].commanders[Side.DEFENDER] == "Scout"


# -- victory ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("script", "winner", "won", "victory"),
    [
        ([*WIN_A, *WIN_A, *WIN_A], Side.ATTACKER, (3, 0), Victory.CRUSHING),
        ([*WIN_A, *WIN_A, *WIN_D], Side.ATTACKER, (2, 1), Victory.VICTORY),
        ([*WIN_D, *WIN_A, *WIN_A], Side.ATTACKER, (2, 1), Victory.VICTORY),
        ([*WIN_A, *WIN_D, *WIN_D], Side.DEFENDER, (1, 2), Victory.VICTORY),
        ([*WIN_D, *WIN_D, *WIN_D], Side.DEFENDER, (0, 3), Victory.CRUSHING),
    ],
)
def test_two_phases_win_the_battle_three_crush_and_phase_3_is_always_played(
    script, winner, won, victory
):
    result = start(BASE, Dice.scripted(script)).run_to_end()

    assert result.winner is winner
    assert (result.phases_won[Side.ATTACKER], result.phases_won[Side.DEFENDER]) == won
    assert result.victory is victory
    assert result.crushing is (victory is Victory.CRUSHING)
    assert [p.phase for p in result.phases] == [1, 2, 3]
    data = result.to_dict()
    assert list(data) == ["sr", "phases", "winner", "phases_won", "crushing", "seed", "rolls"]
    assert data["crushing"] is result.crushing


# -- crucial moments ---------------------------------------------------------------------


def moments(data, plans, **options):
    return data | {"crucial_moments": plans, "options": options}


def test_a_crucial_moment_triggers_when_a_total_is_within_5_of_sr():
    data = moments(BASE, {"1": {"attacker_chance": 0.5}})
    run = start(data, Dice.scripted([4, 3, 3, 2, 50]))

    first = run.step()
    assert first["kind"] == "round" and first["totals"] == {"attacker": 4, "defender": 3}
    second = run.step()  # 4 < 10 - 5: no moment yet, another round
    assert second["kind"] == "round" and second["totals"] == {"attacker": 7, "defender": 5}
    third = run.step()  # 7 >= 5: the moment comes before the next round
    assert third["kind"] == "crucial_moment"
    assert third["totals"] == {"attacker": 12, "defender": 5}
    assert third["phase_winner"] == "attacker"


def test_the_moments_winner_adds_5_points_and_may_take_the_phase_on_the_spot():
    data = moments(BASE, {"1": {"attacker_chance": 0.5}})
    run = start(data, Dice.scripted([6, 2, 50]))
    run.step()
    event = run.step()

    assert event["kind"] == "crucial_moment"
    assert (event["winner"], event["decided_by"], event["roll"]) == ("attacker", "chance", 50)
    assert event["totals"] == {"attacker": 11, "defender": 2}
    assert event["phase_winner"] == "attacker"
    assert phase(run)["crucial_moment"] == {"winner": "attacker"}
    assert phase(run)["rounds"] == 1


def test_a_lost_moment_can_keep_a_failing_army_in_the_phase():
    data = moments(BASE, {"1": {"attacker_chance": 0.5}})
    run = start(data, Dice.scripted([6, 2, 51, 2, 2]))
    steps(run, 3)

    assert phase(run)["totals"] == {"attacker": 8, "defender": 9}
    assert phase(run)["winner"] is None
    assert [e["kind"] for e in phase(run)["events"]] == ["round", "crucial_moment", "round"]


@pytest.mark.parametrize(("chance", "roll", "winner"), [(0, 1, "defender"), (1, 100, "attacker"),
                                                        (0.25, 25, "attacker"),
                                                        (0.25, 26, "defender")])  # fmt: skip
def test_the_draw_is_a_d100_at_or_under_the_attackers_chance(chance, roll, winner):
    data = moments(SKIRMISH, {"1": {"attacker_chance": chance}})
    event = start(data, Dice.scripted([roll])).step()

    assert event["winner"] == winner


def test_in_a_skirmish_the_moment_comes_before_the_first_roll_and_its_winner_takes_the_phase():
    data = moments(SKIRMISH, {"1": {}})
    run = start(data, Dice.scripted([70]))
    event = run.step()

    assert event["kind"] == "crucial_moment"
    assert event["totals"] == {"attacker": 0, "defender": 5}
    assert phase(run)["winner"] == "defender"
    assert phase(run)["rounds"] == 0


def test_a_phase_that_ends_before_its_moment_records_it_skipped():
    data = moments(BASE, {"1": {}})
    run = start(data, Dice.scripted([10, 2, 3]))
    run.step()

    assert phase(run)["crucial_moment"] == "skipped"


def test_phases_without_a_planned_moment_record_null():
    result = start(moments(BASE, {"2": {}}), Dice.scripted([*WIN_A, *WIN_A, *WIN_A])).run_to_end()

    assert [p.to_dict()["crucial_moment"] for p in result.phases] == [None, "skipped", None]


def test_in_gm_mode_the_run_pauses_until_the_winner_is_recorded():
    data = moments(BASE, {"1": {}}, moments="gm")
    run = start(data, Dice.scripted([6, 2, 3, 3]))
    assert run.run_until_pause() == [run.snapshot()["phases"][0]["events"][0]]

    assert run.status is RunStatus.AWAITING_CRUCIAL_MOMENT
    assert run.pending.decision is Decision.CRUCIAL_MOMENT
    assert run.pending.to_dict() == {"decision": "crucial_moment", "phase": 1,
                                     "chooser": None, "attacker_chance": 0.5}  # fmt: skip
    assert phase(run)["crucial_moment"] == "planned"
    with pytest.raises(IllegalAction, match="waits for the game master"):
        run.step()
    with pytest.raises(IllegalAction):
        run.run_to_end()

    event = run.decide_crucial_moment("defender")
    assert (event["decided_by"], event["roll"]) == ("gm", None)
    assert event["totals"] == {"attacker": 6, "defender": 7}
    assert run.status is RunStatus.RUNNING
    assert run.step()["totals"] == {"attacker": 9, "defender": 10}


def test_the_game_master_may_drop_a_pending_moment():
    data = moments(SKIRMISH, {"1": {}}, moments="gm")
    run = start(data, Dice.scripted([3, 2, 4, 2]))
    assert run.pending is not None  # a skirmish: before the first roll

    run.skip_crucial_moment()
    steps(run, 2)

    assert phase(run)["crucial_moment"] == "skipped"
    assert phase(run)["totals"] == {"attacker": 7, "defender": 4}
    assert phase(run)["winner"] == "attacker"


def test_decisions_are_refused_when_none_is_pending():
    run = start(BASE, Dice.scripted([6, 3]))

    with pytest.raises(IllegalAction):
        run.decide_crucial_moment("attacker")
    with pytest.raises(IllegalAction):
        run.choose_phase3_skill("tactics")
    with pytest.raises(IllegalAction):
        run.auto_decide()
    with pytest.raises(IllegalAction, match="not over"):
        run.result()


def test_a_bad_winner_or_skill_is_invalid_input():
    run = start(moments(SKIRMISH, {"1": {}}, moments="gm"), Dice.scripted([]))

    with pytest.raises(InvalidInput) as caught:
        run.decide_crucial_moment("nobody")
    assert caught.value.field == "winner"


def test_auto_decide_draws_the_pending_moment_by_its_chance():
    run = start(moments(SKIRMISH, {"1": {"attacker_chance": 0.3}}, moments="gm"),
                Dice.scripted([30]))  # fmt: skip
    event = run.auto_decide()

    assert (event["winner"], event["decided_by"], event["roll"]) == ("attacker", "chance", 30)


# -- the phase-3 skill ---------------------------------------------------------------------


def test_the_game_master_chooses_the_phase3_skill_for_the_phase2_winner():
    run = start(BASE | {"options": {"phase3_skill": "gm"}}, Dice.scripted([*WIN_A, *WIN_D, *WIN_A]))
    run.run_until_pause()

    assert run.status is RunStatus.AWAITING_PHASE3_SKILL
    assert run.pending.chooser is Side.DEFENDER
    with pytest.raises(InvalidInput):
        run.choose_phase3_skill("luck")
    event = run.choose_phase3_skill(Skill.TACTICS)
    assert (event["skill"], event["chosen_by"], event["decided_by"]) == (
        "tactics",
        "defender",
        "gm",
    )

    result = run.run_to_end()
    assert result.phases[2].skill is Skill.TACTICS
    assert result.phases[2].events[0]["kind"] == "phase3_skill"


@pytest.mark.parametrize("policy", ["tactics", "command"])
def test_a_preset_phase3_skill_is_the_winners_choice_made_in_advance(policy):
    data = BASE | {"options": {"phase3_skill": policy}}
    result = start(data, Dice.scripted([*WIN_A, *WIN_A, *WIN_A])).run_to_end()

    assert result.phases[2].skill is Skill(policy)
    assert result.phases[2].events[0]["decided_by"] == "preset"


def test_auld_alliance_the_hunt_wins_phase_2_and_chooses_command():
    data = auld_alliance_battle()
    # Phase 1 to the fortress, phase 2 to the Hunt, phase 3 to the fortress.
    script = [2, 10, 9, 10, 5, 2, 2, 10, 9]
    result = start(data, Dice.scripted(script)).run_to_end()

    assert [p.winner for p in result.phases] == [Side.DEFENDER, Side.ATTACKER, Side.DEFENDER]
    # General Nagh'Khaladh (15/18) against Rhundurin (16/16): Command +2 beats Tactics -1.
    assert result.phases[2].skill is Skill.COMMAND
    assert result.phases[2].skill_chosen_by is Side.ATTACKER
    assert [(p.dc[Side.ATTACKER], p.dc[Side.DEFENDER]) for p in result.phases] == [
        (18, 19), (16, 18), (17, 20)]  # fmt: skip
    assert result.winner is Side.DEFENDER


# -- Luck ------------------------------------------------------------------------------------


def test_luck_turns_a_miss_into_one_point_while_the_pool_lasts():
    attacker = plain("A", tactics=10, command=10, luck=3)
    run = start(battle(attacker, plain("B")), Dice.scripted([2, 2, 2, 2, 1, 1, 3]))
    events = steps(run, 3)

    assert [e["attacker"]["luck"] for e in events] == [1, 1, 0]
    assert [e["attacker"]["points"] for e in events] == [1, 1, 0]
    assert run.snapshot()["luck_left"]["attacker"] == {"A commander": 1}


def test_luck_off_spends_nothing():
    attacker = plain("A", tactics=10, command=10, luck=3)
    data = battle(attacker, plain("B"), options={"luck": "off"})
    event = start(data, Dice.scripted([2, 2])).step()

    assert (event["attacker"]["luck"], event["attacker"]["points"]) == (0, 0)


# -- the round limit ---------------------------------------------------------------------


def limited(limit=2):
    return BattleRun.start(
        parse_battle(BASE, tables=load_tables({"rounds_limit": limit})),
        Dice.scripted([3, 3, 2, 2, 2, 4, 3, 3, 3]),
    )


def test_after_the_round_limit_the_higher_total_wins_and_a_coin_breaks_a_tie():
    run = limited()
    first_phase = steps(run, 2)[-1]
    assert first_phase["totals"] == {"attacker": 5, "defender": 5}
    assert first_phase["round_limit"] == {"coin": 2}
    assert first_phase["phase_winner"] == "defender"

    second_phase = steps(run, 2)[-1]
    assert second_phase["totals"] == {"attacker": 7, "defender": 6}
    assert second_phase["round_limit"] == {"coin": None}
    assert second_phase["phase_winner"] == "attacker"


# -- state reading -----------------------------------------------------------------------


def test_step_after_the_end_is_refused():
    run = start(BASE, Dice.scripted([*WIN_A, *WIN_A, *WIN_A]))
    run.run_to_end()

    assert run.finished and run.status is RunStatus.FINISHED
    with pytest.raises(IllegalAction, match="over"):
        run.step()
    assert run.run_until_pause() == []
