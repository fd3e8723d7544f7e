"""``python -m rules_engine tutatis COMMAND``: the issue's JSON shapes, bad input exits 2."""

import io
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rules_engine.cli import main

ROOT = Path(__file__).resolve().parents[3]


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str


def run(command: str, data: Any) -> Ran:
    """The dispatcher in this process, as ``python -m rules_engine tutatis COMMAND`` runs it."""
    out, err = io.StringIO(), io.StringIO()
    text = data if isinstance(data, str) else json.dumps(data)
    code = main(["tutatis", command], stdin=io.StringIO(text), stdout=out, stderr=err)
    return Ran(code, out.getvalue(), err.getvalue())


def ok(command: str, data: Any) -> Any:
    completed = run(command, data)
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)


def test_a_real_process_round_trip():
    completed = subprocess.run(
        [sys.executable, "-m", "rules_engine", "tutatis", "injury"],
        input='{"roll": 10}',
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert (completed.returncode, completed.stdout) == (0, '{"injury": "badly_hurt"}\n')
    bad = subprocess.run(
        [sys.executable, "-m", "rules_engine", "tutatis", "injury"],
        input="{}",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 2 and bad.stderr == "error: roll: is required\n"


def test_check_team_round_trip():
    players = [{"name": f"P{n}", "role": "player", "cost": 90, "on_pitch": True} for n in range(7)]
    players.append({"name": "M1", "role": "mercenary", "cost": 10, "on_pitch": False})
    players.append({"name": "M2", "role": "mercenary", "cost": 10, "on_pitch": False})
    result = ok("check-team", {"team": {"players": players}, "budget": 600})
    assert result["ok"] is False
    assert result["cost"] == 650
    assert [error["rule"] for error in result["errors"]] == [
        "budget_exceeded",
        "too_many_mercenaries",
    ]
    assert all(error["message"] for error in result["errors"])
    assert set(result) == {"ok", "cost", "errors"}


def test_tackle_worked_example():
    data = {
        "attacker": {"st": 7, "roll": 8, "helpers": 1},
        "defender": {"st": 7, "roll": 8, "helpers": 0},
    }
    assert ok("tackle", data) == {
        "attacker_total": 16,
        "defender_total": 15,
        "difference": 1,
        "result": "defender_pushed",
    }


def test_shot():
    data = {
        "shooter": {"st": 4, "bp": 5, "roll": 8},
        "keeper": {"ag": 4, "bp": 5, "roll": 5},
        "distance": 2,
    }
    assert ok("shot", data) == {"shooter_total": 15, "keeper_total": 14, "points": 3}


def test_weather_and_injury():
    assert ok("weather", {"roll": 2}) == {"weather": "storm"}
    assert ok("weather", {"roll": 12}) == {"weather": "scorching"}
    assert ok("injury", {"roll": 9}) == {"injury": "unconscious"}


@pytest.mark.parametrize(
    ("command", "data", "field"),
    [
        ("weather", {"roll": 13}, "roll"),
        ("injury", {}, "roll"),
        (
            "tackle",
            {"attacker": {"st": 7, "roll": 8}, "defender": {"st": 7, "roll": 8, "helpers": 0}},
            "attacker.helpers",
        ),
        (
            "shot",
            {
                "shooter": {"st": 4, "bp": 5, "roll": 8},
                "keeper": {"ag": 4, "bp": 5, "roll": 5},
                "distance": -1,
            },
            "distance",
        ),
        (
            "check-team",
            {
                "team": {"players": [{"name": "A", "role": "coach", "cost": 1, "on_pitch": True}]},
                "budget": 600,
            },
            "team.players.0.role",
        ),
        ("weather", "not json", "input"),
    ],
)
def test_bad_input_exits_2_naming_the_field(command, data, field):
    completed = run(command, data)
    assert completed.returncode == 2
    assert completed.stdout == ""
    assert completed.stderr.startswith(f"error: {field}:")
    assert completed.stderr.count("\n") == 1
