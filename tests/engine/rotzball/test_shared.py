"""The log pieces a Rotzball match shares with other matches (``rotzball.shared``)."""

from __future__ import annotations

import json

import pytest

from rules_engine.rotzball import shared, simulate
from rules_engine.rotzball.shared import RollRows
from tests.engine.rotzball.builders import sheet


def test_a_full_row_table_is_emptied_before_it_takes_a_new_row(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(shared, "LIMIT", 300)
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
