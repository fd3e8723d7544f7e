"""Small pieces of a result's JSON, made once and shared between results.

A simulated match or battle writes many small dicts that are each a function of a few small
ints (a roll's log entry, a skill roll's JSON, a pair of targets). Few such keys come up, so
each piece is made the first time its key comes up and that same object is written wherever
it comes up again, in this result or in any later one. The JSON is exactly the same; only
equal pieces are one object. So a result holding shared pieces is read-only: a caller that
wants to edit one copies it first (``copy.deepcopy``).
"""

from __future__ import annotations

from collections.abc import Callable

LIMIT = 50_000
"""A table holding this many pieces is emptied before it takes a new one. Keys are made of
ratings, modifiers, rolls or counts, so a table rarely holds more than a few thousand
pieces; the limit only bounds the memory of pathological uses."""


class SharedPieces[K, V](dict[K, V]):
    """Pieces by key, each made by ``make(*key)`` the first time it is asked for.

    A dict subclass whose ``__missing__`` makes the piece: once made, ``table[key]`` costs
    one C-level dict lookup, without a call to Python code.
    """

    __slots__ = ("make",)

    def __init__(self, make: Callable[..., V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: K) -> V:
        if len(self) >= LIMIT:
            self.clear()
        piece = self[key] = self.make(*key)  # type: ignore[misc]  # a key is a tuple of args
        return piece
