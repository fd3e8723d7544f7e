"""``python -m rules_engine witcher card|resolve|odds``: JSON in, JSON out, one-line errors."""

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rules_engine import cli
from rules_engine.witcher import card, odds, resolve
from tests.engine.witcher.builders import AULD_ALLIANCE, WILD_HUNT, auld_alliance_battle, troop

ROOT = Path(__file__).resolve().parents[3]


def run(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "rules_engine", "witcher", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )


def run_json(*args: str, data: Any, code: int = 0) -> Any:
    completed = run(*args, stdin=json.dumps(data))
    assert completed.returncode == code, completed.stderr
    assert completed.stderr == ""
    return json.loads(completed.stdout)


def test_card_of_a_valid_army_exits_0():
    result = run_json("card", data=AULD_ALLIANCE)

    assert result == card(AULD_ALLIANCE)
    assert list(result) == ["total", "main_troops", "base_dc", "dc", "specialists", "errors",
                            "warnings"]  # fmt: skip
    assert (result["total"], result["base_dc"], result["dc"]) == (94, 14, 18)


def test_card_with_errors_prints_the_card_and_exits_1():
    army = WILD_HUNT | {"troops": [*WILD_HUNT["troops"], troop("Warriors", 12, 5, phase=1)]}
    army["troops"][0] = army["troops"][0] | {"phase": 3}

    result = run_json("card", data=army, code=1)

    assert [issue["field"] for issue in result["errors"]] == ["troops.0.phase",
                                                              "troops.3.phase"]  # fmt: skip
    assert result["warnings"]


def test_resolve_is_the_library_result():
    data = auld_alliance_battle(
        crucial_moments={"1": {"attacker_chance": 0.4}, "3": {}},
        options={"casualties": "dice", "no_quarter": True},
    )
    result = run_json("resolve", data=data | {"seed": 42})

    assert result == resolve(data, seed=42)
    assert list(result) == ["sr", "phases", "winner", "phases_won", "crushing", "casualties",
                            "seed", "rolls"]  # fmt: skip
    assert len(result["phases"]) == 3
    phase = result["phases"][0]
    for key in ("phase", "skill", "dc", "rounds", "totals", "winner", "crucial_moment"):
        assert key in phase
    assert phase["dc"] == {"attacker": 18, "defender": 19}
    assert phase["crucial_moment"] == "skipped" or "winner" in phase["crucial_moment"]
    assert result["phases"][1]["crucial_moment"] is None


def test_resolve_without_a_seed_draws_one_and_echoes_it():
    data = auld_alliance_battle()
    result = run_json("resolve", data=data)

    assert isinstance(result["seed"], int)
    assert resolve(data, seed=result["seed"]) == result


def test_odds():
    data = auld_alliance_battle(crucial_moments={"2": {"attacker_chance": 0.6}})
    result = run_json("odds", data=data | {"n": 4000, "seed": 5})

    assert result == odds(data, n=4000, seed=5)
    assert list(result) == ["n", "attacker_win", "standard_error", "crushing", "phase_win", "seed"]
    assert set(result["crushing"]) == {"attacker", "defender"}


@pytest.mark.parametrize(
    ("args", "data", "line"),
    [
        (("card",), {"name": "X", "commander": {"name": "C", "tactics": 1, "command": 1}},
         "error: troops: is required"),
        (("card",), [1], "error: input: must be an object"),
        (("resolve",), auld_alliance_battle() | {"n": 3},
         "error: n: is not an input of a battle (known: attacker, defender, circumstances, "
         "crucial_moments, options, seed)"),
        (("resolve",), auld_alliance_battle() | {"seed": -1},
         "error: seed: must be an integer between 0 and 9223372036854775807"),
        (("resolve",), {"attacker": AULD_ALLIANCE}, "error: defender: is required"),
        (("resolve",), auld_alliance_battle(options={"moments": "gm"}),
         "error: options.moments: the command line draws crucial moments by chance: 'gm' "
         "needs the stepped Python API"),
        (("resolve",), auld_alliance_battle(options={"phase3_skill": "gm"}),
         "error: options.phase3_skill: the command line cannot wait for the game master: use "
         "auto, tactics or command"),
        (("resolve",), auld_alliance_battle() | {"defender": AULD_ALLIANCE | {
            "troops": [troop("Militia", 12, 94, phase=2)]}},
         "error: defender.troops.0.phase: 'Militia' is part of the main troop and cannot be a "
         "specialist"),
        (("resolve",), auld_alliance_battle(circumstances={"attacker": {"1": {"weather": 9}}}),
         "error: circumstances.attacker.1.weather: must be an integer between 0 and 3"),
        (("odds",), auld_alliance_battle(), "error: n: is required"),
        (("odds",), auld_alliance_battle() | {"n": 0},
         "error: n: must be an integer between 1 and 10000000"),
        (("simulate",), {}, "error: command: unknown command 'simulate' for witcher "
         "(known: card, resolve, odds)"),
    ],
)  # fmt: skip
def test_bad_input_exits_2_with_one_line_naming_the_field(args, data, line):
    completed = run(*args, stdin=json.dumps(data))

    assert completed.returncode == 2
    assert completed.stdout == ""
    assert completed.stderr == line + "\n"


def test_a_command_result_sets_the_exit_code_and_plain_values_still_exit_0(monkeypatch):
    commands = {"reject": lambda data: cli.CommandResult({"ok": False}),
                "custom": lambda data: cli.CommandResult([1], exit_code=3),
                "plain": lambda data: {"ok": True}}  # fmt: skip
    monkeypatch.setattr(cli, "find_command", lambda system, command: commands[command])

    def main(command):
        out, err = io.StringIO(), io.StringIO()
        code = cli.main(["witcher", command], stdin=io.StringIO("{}"), stdout=out, stderr=err)
        return code, out.getvalue(), err.getvalue()

    assert main("reject") == (1, '{"ok": false}\n', "")
    assert main("custom") == (3, "[1]\n", "")
    assert main("plain") == (0, '{"ok": true}\n', "")


def test_help_lists_the_witcher_commands():
    out = io.StringIO()
    assert cli.main(["--help"], stdin=io.StringIO(""), stdout=out, stderr=io.StringIO()) == 0
    assert "witcher: card, resolve, odds" in out.getvalue()
