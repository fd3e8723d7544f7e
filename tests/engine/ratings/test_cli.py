"""``python -m rules_engine ratings glicko2|expect``: JSON in, JSON out, one-line errors."""

import io
import json

import pytest

from rules_engine import cli
from rules_engine.ratings import Game, Rating, expected, rate
from tests.engine.test_cli import run

PLAYER = {"rating": 1500, "rd": 200, "volatility": 0.06}
GAMES = [
    {"rating": 1400, "rd": 30, "score": 1},
    {"rating": 1550, "rd": 100, "score": 0},
    {"rating": 1700, "rd": 300, "score": 0},
]


def main(args, data):
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(args, stdin=io.StringIO(json.dumps(data)), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


def test_glicko2_rates_one_period_unrounded():
    completed = run("ratings", "glicko2", stdin=json.dumps({"player": PLAYER, "games": GAMES}))

    assert completed.returncode == 0 and completed.stderr == ""
    result = json.loads(completed.stdout)
    assert result == pytest.approx({"rating": 1464.0507, "rd": 151.5165, "volatility": 0.059996})
    paper = rate(Rating(1500, 200, 0.06), [Game(**game) for game in GAMES], tau=0.5)
    assert result == {"rating": paper.rating, "rd": paper.rd, "volatility": paper.volatility}


def test_glicko2_tau_is_optional_and_read_when_given():
    without = main(["ratings", "glicko2"], {"player": PLAYER, "games": GAMES})
    half = main(["ratings", "glicko2"], {"player": PLAYER, "games": GAMES, "tau": 0.5})
    other = main(["ratings", "glicko2"], {"player": PLAYER, "games": GAMES, "tau": 1.2})

    assert without == half and without[0] == other[0] == 0
    assert json.loads(other[1])["volatility"] != json.loads(half[1])["volatility"]


def test_glicko2_without_games_prints_floats_with_the_grown_deviation():
    code, out, _ = main(["ratings", "glicko2"], {"player": PLAYER, "games": []})

    assert code == 0
    assert out.startswith('{"rating": 1500.0, "rd": 200.27')
    assert out.endswith(', "volatility": 0.06}\n')


def test_expect_prints_a_expected_score_against_b():
    a, b = {"rating": 1700, "rd": 50}, {"rating": 1500, "rd": 120}
    completed = run("ratings", "expect", stdin=json.dumps({"a": a, "b": b}))

    assert completed.returncode == 0 and completed.stderr == ""
    assert json.loads(completed.stdout) == {"expected": expected(Rating(**a), Rating(**b))}
    assert 0.5 < json.loads(completed.stdout)["expected"] < 1


def test_help_lists_the_ratings_tool():
    out = io.StringIO()

    assert cli.main(["--help"], stdout=out) == 0
    assert "ratings: glicko2, expect" in out.getvalue()


def test_a_malformed_input_exits_2_with_the_field_in_a_subprocess():
    data = {"player": PLAYER, "games": [GAMES[0], {"rating": 1400, "rd": 30, "score": 2}]}
    completed = run("ratings", "glicko2", stdin=json.dumps(data))

    assert completed.returncode == 2 and completed.stdout == ""
    assert completed.stderr == "error: games.1.score: must be a number from 0 up to 1\n"


@pytest.mark.parametrize(
    ("data", "line"),
    [
        ([PLAYER], "input: must be a JSON object"),
        ({"games": []}, "player: is required"),
        ({"player": PLAYER}, "games: is required"),
        (
            {"player": PLAYER, "games": [], "k": 1},
            "k: is not an input here (known: player, games, tau)",
        ),
        (
            {"player": PLAYER | {"rd": 0}, "games": []},
            "player.rd: must be a number above 0 up to 10000",
        ),
        (
            {"player": PLAYER | {"rd": -5}, "games": []},
            "player.rd: must be a number above 0 up to 10000",
        ),
        ({"player": PLAYER | {"rating": "1500"}, "games": []}, "player.rating: must be a number"),
        ({"player": PLAYER | {"rating": True}, "games": []}, "player.rating: must be a number"),
        (
            {"player": PLAYER | {"rating": 1e400}, "games": []},
            "player.rating: must be a number from -10000 up to 10000",
        ),
        (
            {"player": PLAYER | {"volatility": 0}, "games": []},
            "player.volatility: must be a number from 0.000001 up to 10",
        ),
        ({"player": {"rating": 1500, "rd": 200}, "games": []}, "player.volatility: is required"),
        ({"player": PLAYER, "games": {}}, "games: must be a JSON array"),
        ({"player": PLAYER, "games": [1]}, "games.0: must be a JSON object"),
        ({"player": PLAYER, "games": [{"rating": 1400, "rd": 30}]}, "games.0.score: is required"),
        ({"player": PLAYER, "games": [GAMES[0] | {"rd": None}]}, "games.0.rd: must be a number"),
        (
            {"player": PLAYER, "games": [GAMES[0] | {"score": -0.5}]},
            "games.0.score: must be a number from 0 up to 1",
        ),
        ({"player": PLAYER, "games": [], "tau": 0}, "tau: must be a number from 0.01 up to 10"),
        ({"player": PLAYER, "games": [], "tau": None}, "tau: must be a number"),
    ],
)
def test_glicko2_refuses_a_malformed_field(data, line):
    assert main(["ratings", "glicko2"], data) == (2, "", f"error: {line}\n")


@pytest.mark.parametrize(
    ("data", "line"),
    [
        ({"a": {"rating": 1500, "rd": 50}}, "b: is required"),
        ({"a": {"rating": 1500, "rd": 50}, "b": []}, "b: must be a JSON object"),
        ({"a": {"rating": 1500}, "b": {"rating": 1500, "rd": 50}}, "a.rd: is required"),
        (
            {"a": {"rating": 1500, "rd": 50, "volatility": 0.06}, "b": {"rating": 1500, "rd": 50}},
            "a.volatility: is not an input here (known: rating, rd)",
        ),
        (
            {"a": {"rating": 1500, "rd": 50}, "b": {"rating": 1500, "rd": 0}},
            "b.rd: must be a number above 0 up to 10000",
        ),
    ],
)
def test_expect_refuses_a_malformed_field(data, line):
    assert main(["ratings", "expect"], data) == (2, "", f"error: {line}\n")


def test_an_unknown_ratings_command_names_the_known_ones():
    assert main(["ratings", "elo"], {}) == (
        2,
        "",
        "error: command: unknown command 'elo' for ratings (known: glicko2, expect)\n",
    )
