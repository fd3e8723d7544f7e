"""The vectorised turn against the narrative turn, draw for draw.

Thousands of random situations (scores, carry-overs, initiative, every roll) are played once
by :mod:`rules_engine.rotzball.fast_odds` as one batch and once each by the narrative engine
with the same draws; both must leave the same score, carry-over, ball and possession count.
Counter-attacks are rare in a whole match, so this is where they are compared exactly.
"""

from collections import deque
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from rules_engine import Dice
from rules_engine.rotzball import MatchOptions, parse_sheet
from rules_engine.rotzball.fast_odds import _Batch, _Simulator
from rules_engine.rotzball.match import _Match
from rules_engine.rotzball.options import CoachRule
from tests.engine.rotzball.builders import sheet

CASES = 4000
TEAMS = ("home", "away")


class ScriptedGenerator:
    """Stands for ``numpy.random.Generator``: hands out prepared (2, k) arrays in order."""

    def __init__(self, arrays: list[np.ndarray]) -> None:
        self.arrays = deque(arrays)

    def integers(self, low: int, high: int, size: tuple[int, int], dtype: Any) -> np.ndarray:
        return self.arrays.popleft()[:, : size[1]]


@pytest.mark.parametrize(
    ("home", "away", "rule"),
    [
        (sheet("Home"), sheet("Away"), "test"),
        (
            sheet("Home", attack=80, defense=15, coach=60, tactic="offensive"),
            sheet("Away", attack=25, defense=85, coach=30, tactic="defensive"),
            "test",
        ),
        (
            sheet("Home", attack=35, defense=70, coach=20, tactic="defensive"),
            sheet("Away", attack=75, defense=30, coach=65, tactic="balanced"),
            "difference",
        ),
    ],
)
def test_vectorised_turn_matches_the_narrative_turn(home, away, rule):
    rng = np.random.default_rng(2024)
    scores = rng.integers(0, 3, size=(2, CASES))
    carries = rng.choice([-40, -20, 0, 20, 40], size=(2, CASES))
    initiative = rng.integers(0, 2, size=CASES)
    coach_rolls, main_rolls, counter_rolls = (rng.integers(1, 101, size=(2, CASES)) for _ in "abc")
    options = MatchOptions(CoachRule(rule))
    home_sheet, away_sheet = parse_sheet(home, "home"), parse_sheet(away, "away")

    fast = _Simulator(home_sheet, away_sheet, options, seed=0)
    draws = (
        [main_rolls, counter_rolls]
        if rule == "difference"
        else [coach_rolls, main_rolls, counter_rolls]
    )
    fast.rng = ScriptedGenerator(draws)  # type: ignore[assignment]
    batch = _Batch(scores.copy(), np.zeros((2, CASES), dtype=np.int64), carries.copy())
    ball = fast._turn(batch, initiative.copy())

    counter_columns = iter(range(CASES))  # the k-th counter-attack takes column k, as in numpy

    def script(case: int) -> Iterator[int]:
        if rule == "test":
            yield from (int(coach_rolls[0, case]), int(coach_rolls[1, case]))
        yield from (int(main_rolls[0, case]), int(main_rolls[1, case]))
        column = next(counter_columns)  # drawn only when this turn counter-attacks
        yield from (int(counter_rolls[0, column]), int(counter_rolls[1, column]))

    for case in range(CASES):
        match = _Match(home_sheet, away_sheet, Dice.scripted(script(case)), options)
        match.score = {team: int(scores[i, case]) for i, team in enumerate(TEAMS)}
        match.carry = {team: int(carries[i, case]) for i, team in enumerate(TEAMS)}
        holder = match._turn("first_half", TEAMS[initiative[case]])

        assert holder == TEAMS[ball[case]], case
        assert [match.score[t] for t in TEAMS] == list(batch.score[:, case]), case
        assert [match.carry[t] for t in TEAMS] == list(batch.carry[:, case]), case
        assert [match.possessions[t] for t in TEAMS] == list(batch.possessions[:, case]), case
