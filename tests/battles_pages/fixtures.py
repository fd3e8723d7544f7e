"""Runs of the rule text's siege for the page tests: paused at a crucial moment, finished."""

import pytest

from battles import services
from battles.models import BattleRun

SEED = 1272  # the demo's seed: a crucial moment triggers in each phase
HTMX = {"HX-Request": "true"}


def step_to_pause(run: BattleRun, user) -> BattleRun:
    """Play rounds until the run waits for the game master (or is over)."""
    while run.status == BattleRun.Status.RUNNING:
        run = services.run_step(run_id=run.pk, user=user)
    return run


@pytest.fixture
def paused_run(battle, game_master) -> BattleRun:
    """A run of the siege waiting for the game master at phase 1's crucial moment."""
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    run = step_to_pause(run, game_master)
    assert run.pending["decision"] == "crucial_moment"
    return run


@pytest.fixture
def finished_run(paused_run, game_master) -> BattleRun:
    """The siege played to the end, the game master giving each moment to the defender."""
    run = paused_run
    while run.status != BattleRun.Status.FINISHED:
        if run.pending:
            run = services.run_decide_crucial_moment(
                run_id=run.pk, user=game_master, winner="defender"
            )
        else:
            run = services.run_step(run_id=run.pk, user=game_master)
    return run
