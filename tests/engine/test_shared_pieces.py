"""Pieces of a result's JSON made once and shared (``rules_engine.shared_pieces``)."""

from __future__ import annotations

import pytest

from rules_engine import shared_pieces
from rules_engine.shared_pieces import SharedPieces


def test_a_piece_is_made_once_then_shared():
    made: list[tuple[int, int]] = []

    def make(home: int, away: int) -> dict[str, int]:
        made.append((home, away))
        return {"home": home, "away": away}

    table = SharedPieces(make)
    first, again = table[1, 2], table[1, 2]

    assert first is again and first == {"home": 1, "away": 2}
    assert made == [(1, 2)]


def test_a_full_table_is_emptied_before_it_takes_a_new_piece(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(shared_pieces, "LIMIT", 300)
    table = SharedPieces(lambda home, away: {"home": home, "away": away})
    for home in range(300):
        table[home, 0]
    assert len(table) == 300
    assert table[300, 0] == {"home": 300, "away": 0} and len(table) == 1
