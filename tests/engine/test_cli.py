"""``python -m rules_engine SYSTEM COMMAND``: JSON in, JSON out, one-line errors."""

import io
import json
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from rules_engine import cli, systems
from rules_engine.rotzball import odds, ratings, simulate
from tests.engine.rotzball.builders import sheet

ROOT = Path(__file__).resolve().parents[2]
HOME, AWAY = sheet("Home", attack=55), sheet("Away", defense=45)


def run(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def run_json(*args: str, data: Any) -> Any:
    completed = run(*args, stdin=json.dumps(data))
    assert completed.returncode == 0, completed.stderr
    assert completed.stderr == ""
    return json.loads(completed.stdout)


def test_ratings():
    assert run_json("rotzball", "ratings", data=HOME) == ratings(HOME)
    assert run_json("rotzball", "ratings", data=HOME) == {"attack": 55, "defense": 40, "coach": 40}


def test_simulate_is_the_library_result():
    data = {"home": HOME, "away": AWAY, "seed": 42, "options": {"coach_rule": "difference"}}

    assert run_json("rotzball", "simulate", data=data) == simulate(
        HOME, AWAY, seed=42, coach_rule="difference"
    )


def test_simulate_without_a_seed_draws_one_and_echoes_it():
    result = run_json("rotzball", "simulate", data={"home": HOME, "away": AWAY})

    assert isinstance(result["seed"], int)
    assert simulate(HOME, AWAY, seed=result["seed"]) == result


def test_odds():
    data = {"home": HOME, "away": AWAY, "n": 3000, "seed": 5}

    assert run_json("rotzball", "odds", data=data) == odds(HOME, AWAY, n=3000, seed=5)


@pytest.mark.parametrize(
    ("args", "stdin", "line"),
    [
        (
            ("rotzball", "simulate"),
            json.dumps({"home": HOME | {"passer": HOME["passer"] | {"Ag": 101}}, "away": AWAY}),
            "error: home.passer.Ag: must be an integer between 1 and 100",
        ),
        (
            ("rotzball", "odds"),
            json.dumps({"home": HOME, "away": AWAY, "n": 0}),
            "error: n: must be an integer between 1 and 10000000",
        ),
        (
            ("rotzball", "simulate"),
            '{"home": ',
            "error: input: invalid JSON: Expecting value at line 1 column 10",
        ),
        (
            ("chess", "simulate"),
            "{}",
            "error: system: unknown rule system 'chess' (known: "
            + ", ".join(systems.SYSTEM_MODULES)
            + ")",
        ),
        (
            ("rotzball", "replay"),
            "{}",
            "error: command: unknown command 'replay' for rotzball (known: ratings, simulate, odds)",
        ),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_the_field(args, stdin, line):
    completed = run(*args, stdin=stdin)

    assert completed.returncode == 2
    assert completed.stdout == ""
    assert completed.stderr == line + "\n"


def main(args: list[str], stdin: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(args, stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize(
    ("args", "data", "line"),
    [
        (["rotzball", "simulate"], {"home": HOME}, "error: away: is required"),
        (["rotzball", "simulate"], [HOME, AWAY], "error: input: must be a JSON object"),
        (
            ["rotzball", "simulate"],
            {"home": HOME, "away": AWAY, "seed": -1},
            "error: seed: must be an integer between 0 and 9223372036854775807",
        ),
        (
            ["rotzball", "simulate"],
            {"home": HOME, "away": AWAY, "n": 10},
            "error: n: is not an input of this command (known: home, away, seed, options)",
        ),
        (
            ["rotzball", "odds"],
            {"home": HOME, "away": AWAY, "n": 10, "options": {"coach_rule": "dice"}},
            "error: options.coach_rule: must be one of test, difference",
        ),
        (["rotzball", "odds"], {"home": HOME, "away": AWAY}, "error: n: is required"),
        (["rotzball", "ratings"], {"name": "X"}, "error: sheet.passer: is required"),
        (
            ["rotzball"],
            {},
            "error: arguments: expected SYSTEM COMMAND (usage: python -m rules_engine "
            "SYSTEM COMMAND < input.json)",
        ),
    ],
)
def test_bad_input_in_process(args, data, line):
    assert main(args, json.dumps(data)) == (2, "", line + "\n")


def test_help_lists_the_systems_and_their_commands():
    code, out, err = main(["--help"], "")

    assert code == 0 and err == ""
    assert "rotzball: ratings, simulate, odds" in out


def test_a_new_system_plugs_in_through_the_registry_alone(monkeypatch):
    module = types.ModuleType("fake_rules_system")
    module.COMMANDS = {"double": lambda data: {"value": 2 * data["value"]}}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fake_rules_system", module)
    monkeypatch.setitem(systems.SYSTEM_MODULES, "fake", "fake_rules_system")

    assert main(["fake", "double"], '{"value": 21}') == (0, '{"value": 42}\n', "")
