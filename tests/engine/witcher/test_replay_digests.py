"""Hundreds of battles replay byte for byte: a digest of their JSON pins the engine's output.

The golden battle pins one resolution by value; these digests pin the exact JSON text (key
order included) of many seeds, with Luck, crucial moments, criticals, casualties in both
modes and "no quarter". A faster engine must leave every digest unchanged.

Regenerate (only for a deliberate change of the dice or the rules) with
``python -m tests.engine.witcher.test_replay_digests``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from rules_engine.witcher import resolve
from tests.engine.witcher.builders import auld_alliance_battle, battle, plain

SEEDS = 150

SCENARIOS: dict[str, dict[str, Any]] = {
    "the rule text's battle, dice casualties, no quarter": auld_alliance_battle(
        options={"casualties": "dice", "no_quarter": True}
    ),
    "even plain armies with Luck, quick casualties": battle(
        plain("A", luck=3),
        plain("B", luck=2),
        crucial_moments={"2": {"attacker_chance": 0.7}},
        options={"casualties": "quick"},
    ),
    "a mismatch, Luck off, phase 3 by command": battle(
        plain("Strong", dc=16, tactics=16, command=15),
        plain("Weak", count=120, dc=10, tactics=8, command=9),
        options={"luck": "off", "phase3_skill": "command", "casualties": "dice"},
    ),
}

EXPECTED = {
    "the rule text's battle, dice casualties, no quarter": (
        "975bf4a35b3c92422c6677a303e06a11af2ed1dbabc7e5d9cec01178ad9c4d3f"
    ),
    "even plain armies with Luck, quick casualties": (
        "3be5bbbe7ed0cb2df6b3a1e31a117e2bdbc07ee3d96f7c79f07cfbfc63f529ef"
    ),
    "a mismatch, Luck off, phase 3 by command": (
        "bcd690e5127138b169145bd7f3503d0ca32b02f623d2dbe1840ee47fc7a6c08d"
    ),
}


def digest(data: dict[str, Any]) -> str:
    """SHA-256 of the JSON text of ``SEEDS`` resolutions, one per line."""
    hasher = hashlib.sha256()
    for seed in range(SEEDS):
        hasher.update(json.dumps(resolve(data, seed=seed)).encode())
        hasher.update(b"\n")
    return hasher.hexdigest()


@pytest.mark.parametrize("name", SCENARIOS)
def test_battles_replay_byte_for_byte(name):
    assert digest(SCENARIOS[name]) == EXPECTED[name]


if __name__ == "__main__":
    for scenario, data in SCENARIOS.items():
        print(f"    {scenario!r}: {digest(data)!r},")
