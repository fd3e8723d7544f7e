"""``python -m rules_engine pairings swiss``: JSON in, JSON out, one-line errors naming the field."""

import json

import pytest

from tests.engine.test_cli import run


def test_swiss_pairs_and_gives_the_bye():
    players = [
        {"id": "a", "score": 2.0, "opponents": ["b", "c"], "byes": 0},
        {"id": "b", "score": 2.0, "opponents": ["a"]},
        {"id": "c", "score": 1.0, "opponents": ["a"]},
        {"id": "d", "score": 1.0},
        {"id": "x", "score": 0.0, "byes": 1},
    ]
    completed = run(
        "pairings", "swiss", stdin=json.dumps({"players": players, "avoid_rematch": True})
    )

    assert completed.returncode == 0 and completed.stderr == ""
    answer = json.loads(completed.stdout)
    # x had a bye already: d is the lowest-ranked of those with none; a met b and c, so a
    # meets x (a squared difference of 4) and b meets c (1)
    assert answer == {"pairs": [["a", "x"], ["b", "c"]], "bye": "d"}


@pytest.mark.parametrize(
    ("document", "field"),
    [
        ({}, "players"),
        ({"players": {}}, "players"),
        ({"players": [{"id": "a"}]}, "players.0.score"),
        ({"players": [{"id": "", "score": 1}]}, "players.0.id"),
        ({"players": [{"id": "a", "score": True}]}, "players.0.score"),
        ({"players": [{"id": "a", "score": 1, "byes": -1}]}, "players.0.byes"),
        ({"players": [{"id": "a", "score": 1, "opponents": ["a"]}]}, "players.0.opponents"),
        ({"players": [{"id": "a", "score": 1, "opponents": [3]}]}, "players.0.opponents.0"),
        ({"players": [{"id": "a", "score": 1}, {"id": "a", "score": 0}]}, "players.1.id"),
        ({"players": [], "avoid_rematch": "yes"}, "avoid_rematch"),
        ({"players": [], "shape": "spiral"}, "shape"),
        ({"players": [], "colour": 1}, "colour"),
    ],
)
def test_malformed_input_exits_2_naming_the_field(document, field):
    completed = run("pairings", "swiss", stdin=json.dumps(document))

    assert completed.returncode == 2 and completed.stdout == ""
    assert completed.stderr.count("\n") == 1
    assert completed.stderr.startswith(f"error: {field}: ")
