"""The log pieces a Rotzball match shares with other matches (``rotzball.shared``)."""

from __future__ import annotations

import json

import pytest

from rules_engine.rotzball import shared, simulate
from rules_engine.rotzball.shared import RollRows, SharedPieces
from tests.engine.builders import sheet


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
    monkeypatch.setattr(shared, "LIMIT", 300)
    table = SharedPieces(lambda home, away: {"home": home, "away": away})
    for home in range(300):
        table[home, 0]
    assert len(table) == 300
    assert table[300, 0] == {"home": 300, "away": 0} and len(table) == 1

    rows = RollRows(lambda target: tuple(range(target, target + 101)))
    for target in range(3):
        assert rows[target][100] == target + 100
    assert len(rows) == 3
    rows[3]
    assert len(rows) == 1


def test_matches_that_share_pieces_write_the_json_of_unshared_ones():
    """Pieces are shared, never changed: a record reads as the plain JSON it stands for."""
    home, away = sheet("Home", tactic="offensive"), sheet("Away", tactic=None)
    records = [simulate(home, away, seed=seed) for seed in range(40)]
    copies = [json.loads(json.dumps(record)) for record in records]

    assert records == copies
    assert [simulate(home, away, seed=seed) for seed in range(40)] == copies
