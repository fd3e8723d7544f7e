"""``python -m rules_engine killpower COMMAND``: JSON in, JSON out, one-line errors."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.engine.killpower.builders import team

ROOT = Path(__file__).resolve().parents[3]


def run(command: str, data: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", "killpower", command],
        input=data if isinstance(data, str) else json.dumps(data),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def run_json(command: str, data: Any) -> Any:
    completed = run(command, data)
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    return json.loads(completed.stdout)


def test_power():
    assert run_json("power", {"ranking_points": 10, "total_xp": 25, "race_bonus": 0}) == {
        "power": 12,
        "division": 1,
    }
    assert run_json("power", {"ranking_points": 15, "total_xp": 40}) == {"power": 19, "division": 2}


def test_target_nabos_against_titanos():
    assert run_json("target", {"home_power": 46, "away_power": 33}) == {"home": 3, "away": 1}


def test_ranking_example():
    data = {
        "home": {"points": 15, "power": 12},
        "away": {"points": 20, "power": 19},
        "result": "home",
    }
    assert run_json("ranking", data) == {"home": 19, "away": 18}
    assert run_json("ranking", {**data, "result": "draw"}) == {"home": 16, "away": 21}


def test_damage_toms_examples():
    assert run_json("damage", {"vie": 4, "armour": 6, "damage": 8}) == {
        "state": 2,
        "status": "unharmed",
    }
    assert run_json("damage", {"vie": 4, "armour": 9, "damage": 24}) == {
        "state": -11,
        "status": "coma",
    }
    assert run_json("damage", {"vie": 4, "armour": 9, "damage": 20})["status"] == "badly_wounded"


def test_free_throws_replay_with_their_seed():
    data = {
        "home": [{"name": "Titanos 1", "BAL": 4}, team()["gladiators"][4]],
        "away": [{"name": "Viking 1", "BAL": 4}, {"name": "Viking 2", "BAL": 6}],
        "home_power": 20,
        "away_power": 12,
        "score": {"home": 0, "away": 0},
        "seed": 7,
        "distances": {"home": [10], "away": [2]},
    }
    result = run_json("free-throws", data)
    assert result["seed"] == 7
    assert result["first"] == "home"
    assert [s["shooter"] for s in result["shots"][:4]] == [
        "Titanos 1",
        "Viking 1",
        "Titanos 5",
        "Viking 2",
    ]
    assert {"shooter", "distance", "roll", "scored"} <= set(result["shots"][0])
    assert result["score"]["home"] != result["score"]["away"]
    assert run_json("free-throws", data) == result


def test_create_team_then_validate_it():
    created = run_json("create-team", {"name": "Titanos", "seed": 3})
    assert len(created["team"]["gladiators"]) == 7
    assert run_json("validate", created["team"]) == {"valid": True, "issues": []}
    assert run_json("rapidity", {"team": created["team"], "seed": 1})["seed"] == 1


def test_death_risk():
    aimed = run_json("death-risk", {"gladiator": "Tom", "state": -11, "location": "left_arm"})
    assert (aimed["fate"], aimed["roll"], aimed["rolls"]) == ("coma", None, [])


def test_record_then_post_match():
    result = {"score": {"home": 3, "away": 0}}
    outcome = run_json(
        "record", {"home": team("Titanos"), "away": team("Viking"), "result": result}
    )
    assert outcome["winner"] == "home"
    after = run_json("post-match", {"outcome": outcome, "seed": 2})
    assert after["home"]["team"]["ranking_points"] == 3
    assert after["away"]["team"]["record"]["lost"] == 1


def test_bracket():
    result = run_json("bracket", {"entrants": ["A", "B", "C", "D", "E"], "winners": {"R1M2": "E"}})
    assert [m["bye"] for m in result["rounds"][0]] == [True, False, True, True]
    assert result["rounds"][1][0]["away"]["entrant"] == "E"


@pytest.mark.parametrize(
    ("command", "data", "error"),
    [
        ("power", {"ranking_points": 10}, "error: total_xp: is required"),
        (
            "power",
            {"ranking_points": -1, "total_xp": 0},
            "error: ranking_points: must be an integer of at least 0",
        ),
        (
            "target",
            {"home_power": "46", "away_power": 33},
            "error: home_power: must be an integer of at least 0",
        ),
        (
            "ranking",
            {"home": {"points": 1}, "away": {"points": 1, "power": 1}, "result": "home"},
            "error: home.power: is required",
        ),
        (
            "ranking",
            {"home": {"points": 1, "power": 1}, "away": {"points": 1, "power": 1}, "result": "win"},
            "error: result: must be one of home, away, draw",
        ),
        ("damage", {"vie": 4, "armour": 9}, "error: damage: is required"),
        (
            "damage",
            {"vie": 4, "armour": 9, "damage": 1, "extra": 1},
            "error: extra: is not an input of this command",
        ),
        (
            "free-throws",
            {
                "home": [],
                "away": [],
                "home_power": 0,
                "away_power": 0,
                "score": {"home": 0, "away": 0},
            },
            "error: home: must list one or two living gladiators",
        ),
        (
            "free-throws",
            {
                "home": [{"name": "A", "BAL": 4}],
                "away": [{"name": "B"}],
                "home_power": 0,
                "away_power": 0,
                "score": {"home": 0, "away": 0},
            },
            "error: away.0.specialization: is required",
        ),
        (
            "free-throws",
            {
                "home": [{"name": "A", "BAL": 4}],
                "away": [{"name": "B", "BAL": 4}],
                "home_power": 0,
                "away_power": 0,
                "score": {"home": 0},
            },
            "error: score.away: is required",
        ),
        ("validate", [], "error: team: must be an object"),
        (
            "record",
            {
                "home": team(),
                "away": team(),
                "result": {"score": {"home": 3, "away": 0}, "result": "away"},
            },
            "error: result.result: the score says home",
        ),
        ("bracket", {"entrants": ["A"]}, "error: entrants: a bracket needs at least two entrants"),
        ("power", "{not json", "error: input: invalid JSON"),
        ("unknown", {}, "error: command: unknown command 'unknown' for killpower"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_the_field(command, data, error):
    completed = run(command, data)
    assert completed.returncode == 2
    assert completed.stdout == ""
    assert completed.stderr.startswith(error)
    assert completed.stderr.count("\n") == 1


GOLDEN = Path(__file__).parent / "golden"


def test_golden_post_match():
    """A stored post-match sequence replays exactly, through the command line.

    Regenerate (only for a deliberate change of the dice or the rules) with
    ``python -m rules_engine killpower post-match
    < tests/engine/killpower/golden/post_match_input.json``.
    """
    data = json.loads((GOLDEN / "post_match_input.json").read_text())
    expected = json.loads((GOLDEN / "post_match_result.json").read_text())
    assert run_json("post-match", data) == expected
