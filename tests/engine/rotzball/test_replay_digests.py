"""Thousands of matches replay byte for byte: a digest of their JSON pins the engine's output.

The golden match (``test_match.py``) pins one match by value; these digests pin the
exact JSON text (key order included) of many seeds over teams that reach every row of the
turn table, counter-attacks, carry-overs, extra periods and both coach rules. A faster engine
must leave every digest unchanged.

Regenerate (only for a deliberate change of the dice or the rules) with
``python -m tests.engine.rotzball.test_replay_digests``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from rules_engine.rotzball import simulate
from tests.engine.rotzball.builders import sheet

SEEDS = 400

SCENARIOS: dict[str, tuple[dict[str, Any], dict[str, Any], str]] = {
    "equal balanced teams": (sheet("Home"), sheet("Away"), "test"),
    "strong offensive v strong defensive": (
        sheet("Wolves", attack=85, defense=20, coach=70, tactic="offensive"),
        sheet("Griffons", attack=30, defense=90, coach=25, tactic="defensive"),
        "test",
    ),
    "balanced v offensive, coach difference": (
        sheet("Bears", attack=60, defense=35, coach=55, tactic="balanced"),
        sheet("Boars", attack=45, defense=50, coach=35, tactic="offensive"),
        "difference",
    ),
    "hopeless targets, no tactic given": (
        sheet("Lambs", attack=5, defense=3, coach=2, tactic=None),
        sheet("Kids", attack=98, defense=99, coach=97, tactic="defensive"),
        "test",
    ),
}

EXPECTED = {
    "equal balanced teams": ("ba07a86faf35453ebf907b538459866d01db00d499c5823819ef15494c1f3009"),
    "strong offensive v strong defensive": (
        "a6ce4eb4974dcac5e9177caa63632e6b7f44441aa25c20254db93ed29b41285b"
    ),
    "balanced v offensive, coach difference": (
        "20b7e8b8076db8c2cdddc9befc86a5521c9300d6d610b54f9e34268d8346eb89"
    ),
    "hopeless targets, no tactic given": (
        "29f19e105899c2d988ed7b2c1341a9197fd7918cefd751a9898f03e4519e3579"
    ),
}


def digest(home: dict[str, Any], away: dict[str, Any], coach_rule: str) -> str:
    """SHA-256 of the JSON text of ``SEEDS`` matches, one per line."""
    hasher = hashlib.sha256()
    for seed in range(SEEDS):
        result = simulate(home, away, seed=seed, coach_rule=coach_rule)
        hasher.update(json.dumps(result).encode())
        hasher.update(b"\n")
    return hasher.hexdigest()


@pytest.mark.parametrize("name", SCENARIOS)
def test_matches_replay_byte_for_byte(name):
    assert digest(*SCENARIOS[name]) == EXPECTED[name]


if __name__ == "__main__":
    for scenario, (home, away, rule) in SCENARIOS.items():
        print(f"    {scenario!r}: {digest(home, away, rule)!r},")
