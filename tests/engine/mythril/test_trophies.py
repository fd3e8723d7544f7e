"""Knock-out trophies: their sizes and the bracket's pairing."""

import doctest

import pytest

from rules_engine.mythril import trophies
from rules_engine.mythril.trophies import SIZES, bracket_pairs


def test_a_trophy_has_two_four_eight_or_sixteen_teams():
    assert SIZES == (2, 4, 8, 16)


@pytest.mark.parametrize(
    ("entrants", "pairs"),
    [
        ([1, 2], [(1, 2)]),
        ([4, 3, 2, 1], [(4, 3), (2, 1)]),
        (list(range(1, 9)), [(1, 2), (3, 4), (5, 6), (7, 8)]),
    ],
)
def test_the_bracket_pairs_neighbours_in_order(entrants, pairs):
    assert bracket_pairs(entrants) == pairs


def test_an_odd_stage_is_refused():
    with pytest.raises(ValueError):
        bracket_pairs([1, 2, 3])


def test_the_docstring_examples_hold():
    assert doctest.testmod(trophies).failed == 0
