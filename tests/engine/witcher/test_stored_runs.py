"""Runs stored by earlier versions of the engine still resume, replay and read the same.

``golden/run_state_v1_*.json`` are states written by the engine before roll purposes became
codes (state version 1: ``"purpose": "phase 2 round 3 attacker critical"``): the same
battle with house rules (3 rounds a phase), crucial moments left to the game master, the
phase-3 skill chosen by him, casualties rolled and no quarter, stored when it paused at phase
2's crucial moment and once finished. Between them their rolls have every purpose a battle
rolls for: exchange rounds with criticals and fumbles, a crucial moment drawn by its chance,
the coin after the round limit, both casualty tests (a critical, a fumble), casualties and
the survivors of no quarter. Never regenerate them: they stand for runs kept in databases.
"""

import copy
import json
from pathlib import Path

import pytest

from rules_engine import Dice, InvalidInput
from rules_engine.witcher import (
    STATE_VERSION,
    BattleRun,
    RollCode,
    WitcherTables,
    parse_battle,
    upgrade_rolls,
    upgrade_state,
)
from rules_engine.witcher.purposes import legacy_purpose

GOLDEN = Path(__file__).parent / "golden"
DECISIONS = [("crucial_moment", "defender"), ("phase3_skill", "command")]


def stored(name):
    return json.loads((GOLDEN / f"run_state_v1_{name}.json").read_text())


def fresh_run(state):
    """The stored battle started again on its seed, as the current engine plays it."""
    tables = WitcherTables.from_dict(state["tables"])
    return BattleRun.start(parse_battle(state["battle"], tables=tables), Dice(state["seed"]))


def play_through(run):
    """Play ``run`` to the end with the stored runs' decisions (phase 1's moment drawn)."""
    answers = iter(DECISIONS)
    while not run.finished:
        if run.pending is None:
            run.step()
        elif run.pending.decision.value == "crucial_moment" and run.pending.phase == 1:
            run.auto_decide()
        else:
            name, value = next(answers)
            assert run.pending.decision.value == name
            getattr(run, "decide_crucial_moment" if name == "crucial_moment"
                    else "choose_phase3_skill")(value)  # fmt: skip
    return run


def test_every_roll_of_a_run_names_its_purpose_with_a_code():
    run = play_through(fresh_run(stored("finished")))

    purposes = [roll["purpose"] for roll in run.to_dict()["rolls"]]
    assert all(isinstance(purpose, dict) for purpose in purposes)
    assert {purpose["code"] for purpose in purposes} == set(RollCode) - {"odds_stream_seed"}
    assert purposes[:3] == [
        {"code": "exchange_round", "phase": 1, "round": 1, "side": "attacker"},
        {"code": "exchange_round", "phase": 1, "round": 1, "side": "attacker", "extra": "fumble"},
        {"code": "exchange_round", "phase": 1, "round": 1, "side": "defender"},
    ]
    assert run.to_dict()["version"] == STATE_VERSION == 2


def test_a_finished_version_1_run_replays_and_reads_as_the_current_engine_plays_it():
    old = stored("finished")
    assert old["version"] == 1 and isinstance(old["rolls"][0]["purpose"], str)

    resumed = BattleRun.from_dict(copy.deepcopy(old))  # the rolls are checked on replay
    again = play_through(fresh_run(old))

    assert resumed.finished
    assert resumed.to_dict() == again.to_dict()
    assert upgrade_state(old) == again.to_dict()  # the same run, its purposes as codes


def test_a_paused_version_1_run_resumes_where_it_stopped():
    old = stored("paused")
    assert old["status"] == "awaiting_crucial_moment"

    resumed = play_through(BattleRun.from_dict(old))

    assert resumed.to_dict() == play_through(fresh_run(old)).to_dict()
    assert resumed.to_dict()["rolls"][: old["draws"]] == upgrade_rolls(old["rolls"])


@pytest.mark.parametrize(
    ("phrase", "coded"),
    [
        ("phase 2 round 13 defender", {"code": "exchange_round", "phase": 2, "round": 13,
                                       "side": "defender"}),
        ("phase 3 round 1 attacker critical", {"code": "exchange_round", "phase": 3, "round": 1,
                                               "side": "attacker", "extra": "critical"}),
        ("phase 1 crucial moment", {"code": "crucial_moment", "phase": 1}),
        ("phase 2 round limit coin", {"code": "round_limit_coin", "phase": 2}),
        ("defender casualty test fumble", {"code": "casualty_test", "side": "defender",
                                           "extra": "fumble"}),
        ("attacker casualties", {"code": "casualties", "side": "attacker"}),
        ("defender no quarter survivors", {"code": "no_quarter_survivors", "side": "defender"}),
        ("odds stream seed", {"code": "odds_stream_seed"}),
        ("phase 2 round 3 attacker critical hit", None),
        ("attackers casualties", None),
    ],
)  # fmt: skip
def test_the_phrases_of_version_1(phrase, coded):
    assert legacy_purpose(phrase) == coded


def test_a_version_1_phrase_the_engine_never_wrote_does_not_replay():
    old = stored("finished")
    old["rolls"][0]["purpose"] = "phase 1 round 1 attacker hit"

    assert upgrade_state(old)["rolls"][0]["purpose"] == "phase 1 round 1 attacker hit"
    with pytest.raises(InvalidInput) as caught:
        BattleRun.from_dict(old)
    assert caught.value.field == "state.rolls"


def test_a_current_state_is_not_upgraded_again():
    state = play_through(fresh_run(stored("finished"))).to_dict()

    assert upgrade_state(state) == state
