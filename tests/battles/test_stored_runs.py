"""Runs stored in the database by earlier versions of the engine still show and resume.

``golden/siege_runs_v1.json`` holds the rows (seed, status, pending decision, winner, engine
state and final report) of two runs of the siege (``tests/battles/fixtures.py``, seed 1272),
as the services stored them before roll purposes became codes (engine state version 1,
``"purpose": "phase 2 round 1 attacker fumble"``): one paused at phase 2's crucial moment,
one finished (the game master gave phase 1's moment to the defender and the later ones to
the attacker). Never regenerate it: it stands for rows kept in databases.
"""

import copy
import json
from pathlib import Path

import pytest

from battles import engine, services
from battles.display import roll_label
from battles.models import BattleRun
from battles.selectors import campaigns as selectors

pytestmark = pytest.mark.django_db

GOLDEN = json.loads((Path(__file__).parent / "golden" / "siege_runs_v1.json").read_text())


def stored_run(battle, name) -> BattleRun:
    """The golden row ``name`` (``paused``, ``finished``) of ``battle``, as it was stored."""
    return BattleRun.objects.create(battle=battle, **copy.deepcopy(GOLDEN[name]))


def coded(rolls):
    return all(isinstance(roll["purpose"], dict) and "code" in roll["purpose"] for roll in rolls)


def test_the_golden_rows_name_their_rolls_with_phrases():
    for row in GOLDEN.values():
        assert row["state"]["version"] == 1
        assert all(isinstance(roll["purpose"], str) for roll in row["state"]["rolls"])
    assert all(isinstance(r["purpose"], str) for r in GOLDEN["finished"]["report"]["rolls"])


def test_a_run_stored_with_phrases_shows_each_roll_by_its_code(battle):
    run = stored_run(battle, "finished")

    view = selectors.run_view(run_id=run.pk)

    assert len(view.rolls) == len(GOLDEN["finished"]["state"]["rolls"]) == 38
    assert coded(view.rolls) and coded(view.report["rolls"])
    assert view.rolls[2]["purpose"] == {"code": "exchange_round", "phase": 1, "round": 1,
                                        "side": "defender", "extra": "fumble"}  # fmt: skip
    assert view.report["rolls"] == view.rolls
    labels = [roll_label(roll["purpose"], view.names) for roll in view.rolls]
    assert labels[2] == "Phase 1, round 1: Auld Alliance · fumble, a die taken off"
    assert labels[-1] == "Casualties of Auld Alliance (percentage)"
    assert view.winner == "defender" and view.crushing is False
    assert GOLDEN["finished"]["state"]["rolls"][2]["purpose"] == "phase 1 round 1 defender fumble"


def test_a_paused_run_stored_with_phrases_resumes_on_its_dice(battle, game_master):
    run = stored_run(battle, "paused")
    assert run.pending == {"decision": "crucial_moment", "phase": 2, "chooser": None,
                           "attacker_chance": 0.5}  # fmt: skip

    run = services.run_decide_crucial_moment(run_id=run.pk, user=game_master, winner="attacker")
    assert run.state["version"] == 2 and coded(run.state["rolls"])
    while run.status != BattleRun.Status.FINISHED:
        if run.pending:
            run = services.run_decide_crucial_moment(
                run_id=run.pk, user=game_master, winner="attacker"
            )
        else:
            run = services.run_step(run_id=run.pk, user=game_master)

    finished = GOLDEN["finished"]
    assert run.state == engine.run_state(finished["state"])  # the same rolls, now coded
    assert run.report == engine.run_report(finished["report"])
    assert (run.winner, run.seed) == (finished["winner"], finished["seed"])


def test_the_casualties_of_a_finished_run_stored_with_phrases_are_confirmed(battle, game_master):
    run = stored_run(battle, "finished")

    services.casualties_confirm(run_id=run.pk, user=game_master)

    run.refresh_from_db()
    assert run.casualties_confirmed_at is not None
