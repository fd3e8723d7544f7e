"""``python -m rules_engine mythril check-team | level | forfeit``: the issue's JSON shapes."""

from __future__ import annotations

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

TEAM_LIST = {
    "race": "Orc",
    "positions": [
        {"name": "Lineman", "cost": 50_000, "max": 16, "big_guy": False},
        {"name": "Troll", "cost": 110_000, "max": 1, "big_guy": True},
    ],
    "champions": [{"name": "Varag", "cost": 260_000, "races": ["Orc"]}],
}


@dataclass
class Ran:
    returncode: int
    stdout: str
    stderr: str


def run(command: str, data: Any) -> Ran:
    """The command line's ``main`` in process (one test below runs the real module)."""
    out, err = io.StringIO(), io.StringIO()
    text = data if isinstance(data, str) else json.dumps(data)
    code = main(["mythril", command], stdin=io.StringIO(text), stdout=out, stderr=err)
    return Ran(code, out.getvalue(), err.getvalue())


def test_python_dash_m_runs_the_command():
    completed = subprocess.run(
        [sys.executable, "-m", "rules_engine", "mythril", "level"],
        input='{"spp": 21, "big_guy": true}',
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    assert json.loads(completed.stdout) == {"level": 2}


def run_json(command: str, data: Any) -> Any:
    completed = run(command, data)
    assert completed.returncode == 0, completed.stderr
    return json.loads(completed.stdout)


def team(players, *, popularity=1, allies=0, pitch="lawn"):
    return {"players": players, "popularity": popularity, "allies": allies, "home_pitch": pitch}


def test_check_team_ok():
    players = [{"position": "Lineman"}] * 11 + [{"champion": "Varag"}]
    result = run_json(
        "check-team",
        {"team_list": TEAM_LIST, "team": team(players, pitch="ice"), "budget": 1_000_000},
    )
    assert result == {"ok": True, "cost": 550_000 + 260_000 + 10_000 + 10_000, "errors": []}


def test_check_team_lists_every_rule_code():
    players = [{"position": "Troll"}] * 3 + [{"position": "Elf"}] + [{"champion": "Griff"}]
    result = run_json(
        "check-team",
        {"team_list": TEAM_LIST, "team": team(players, popularity=0, allies=1), "budget": 100},
    )
    assert result["ok"] is False
    assert [error["rule"] for error in result["errors"]] == [
        "budget_exceeded",
        "too_few_players",
        "popularity_too_low",
        "ally_at_creation",
        "position_max",
        "position_not_in_list",
        "champion_wrong_race",
        "too_many_big_guys",
    ]
    assert all(set(error) == {"rule", "message"} and error["message"] for error in result["errors"])


def test_check_team_champion_twice():
    players = [{"position": "Lineman"}] * 11 + [{"champion": "Varag"}] * 2
    result = run_json(
        "check-team", {"team_list": TEAM_LIST, "team": team(players), "budget": 10**7}
    )
    assert [error["rule"] for error in result["errors"]] == ["champion_twice"]


@pytest.mark.parametrize(
    ("spp", "big_guy", "level"),
    [
        (10, True, 0),
        (11, True, 1),
        (21, True, 2),
        (51, True, 3),
        (101, True, 4),
        (6, False, 1),
        (176, False, 6),
    ],
)
def test_level(spp, big_guy, level):
    assert run_json("level", {"spp": spp, "big_guy": big_guy}) == {"level": level}


def test_forfeit():
    result = run_json(
        "forfeit",
        {
            "score": {"home": 2, "away": 1},
            "forfeit": "home",
            "unfinished_halves": 1,
            "turns_played": True,
        },
    )
    assert result == {
        "points": {"home": 0, "away": 3},
        "score": {"home": 2, "away": 2},
        "popularity_malus": {"home": -2, "away": 0},
        "bets_cancelled": False,
    }


def test_forfeit_without_a_turn_cancels_bets():
    result = run_json(
        "forfeit",
        {
            "score": {"home": 0, "away": 0},
            "forfeit": "away",
            "unfinished_halves": 2,
            "turns_played": False,
        },
    )
    assert result["bets_cancelled"] is True and result["score"] == {"home": 2, "away": 0}


@pytest.mark.parametrize(
    ("command", "data", "field"),
    [
        ("level", {"spp": -1, "big_guy": True}, "spp"),
        ("level", {"spp": 3}, "big_guy"),
        ("level", {"spp": 3, "big_guy": True, "xp": 1}, "xp"),
        (
            "forfeit",
            {
                "score": {"home": 0, "away": 0},
                "forfeit": "both",
                "unfinished_halves": 0,
                "turns_played": True,
            },
            "forfeit",
        ),
        (
            "forfeit",
            {"score": {"home": 0}, "forfeit": "home", "unfinished_halves": 0, "turns_played": True},
            "score.away",
        ),
        (
            "check-team",
            {"team_list": TEAM_LIST, "team": team([{"position": 3}]), "budget": 1},
            "team.players.0.position",
        ),
        (
            "check-team",
            {"team_list": {"race": "Orc", "positions": []}, "team": team([]), "budget": 1},
            "team_list.positions",
        ),
        ("check-team", {"team_list": TEAM_LIST, "team": team([]), "budget": "lots"}, "budget"),
        (
            "check-team",
            {"team_list": TEAM_LIST, "team": team([], pitch="moon"), "budget": 1},
            "team.home_pitch",
        ),
        ("check-team", "[1, 2", "input"),
    ],
)
def test_bad_input_exits_2_naming_the_field(command, data, field):
    completed = run(command, data)
    assert completed.returncode == 2
    assert completed.stdout == ""
    assert completed.stderr.startswith(f"error: {field}: ")
    assert completed.stderr.count("\n") == 1
