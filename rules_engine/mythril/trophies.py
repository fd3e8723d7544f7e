"""Knock-out trophies beside the championship: the commissioner names 2, 4, 8 or 16
different teams in bracket order; the first stage pairs them in that order (1 v 2, 3 v 4,
...), each later stage the winners of two neighbouring matches, until the final."""

from __future__ import annotations

from collections.abc import Sequence

SIZES = (2, 4, 8, 16)
"""How many teams a trophy may have."""


def bracket_pairs[T](entrants: Sequence[T]) -> list[tuple[T, T]]:
    """A stage's matches: ``entrants`` (the teams, or the last stage's winners) paired in
    bracket order.

    >>> bracket_pairs(["a", "b", "c", "d"])
    [('a', 'b'), ('c', 'd')]
    """
    return list(zip(entrants[::2], entrants[1::2], strict=True))
