"""Rolls and criticals ("jet double sous le score ... réussite critique"), RULES_NOTES 1."""

import pytest

from rules_engine.rotzball.table import Result, is_double, judge

CS, S, F, CF = Result.CS, Result.S, Result.F, Result.CF


def test_the_doubles_are_11_to_99_and_100():
    assert [roll for roll in range(1, 101) if is_double(roll)] == [
        11, 22, 33, 44, 55, 66, 77, 88, 99, 100,
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("roll", "target", "expected"),
    [
        # success if roll <= target
        (1, 45, S),
        (45, 45, S),
        (46, 45, F),
        # the rule text's example: score 45 -> CS on 11, 22, 33, 44, CF on the other doubles
        (11, 45, CS),
        (44, 45, CS),
        (55, 45, CF),
        (99, 45, CF),
        (100, 45, CF),  # "00" is a double
        (11, 11, CS),
        (12, 11, F),
        # targets are not clamped
        (100, 99, CF),
        (100, 100, CS),
        (100, 130, CS),
        (99, 130, CS),
        (98, 130, S),
        (11, 0, CF),
        (1, 0, F),
        (5, -15, F),
    ],
)
def test_judge(roll, target, expected):
    assert judge(roll, target) is expected
