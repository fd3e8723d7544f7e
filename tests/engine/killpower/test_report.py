"""Entered match reports: what they decide and how they are refused."""

import pytest

from rules_engine import InvalidInput
from rules_engine.killpower import DecidedBy, Score, Side, parse_report, parse_team
from rules_engine.killpower.power import DEFAULT_TARGETS
from tests.engine.killpower.builders import team

NABOS = parse_team(team("Nabos", ranking_points=46))
TITANOS = parse_team(team("Titanos", ranking_points=33))


def report(**data):
    return parse_report(data, NABOS, TITANOS, table=DEFAULT_TARGETS)


@pytest.mark.parametrize(
    ("home", "away", "winner"),
    [
        (3, 0, Side.HOME),
        (5, 2, Side.HOME),
        (2, 0, None),
        (0, 0, None),
        (1, 1, None),
        (0, 1, Side.AWAY),
    ],
)
def test_points_decide_against_the_points_to_score(home, away, winner):
    # Nabos 46 against Titanos 33: Nabos need 3 more, Titanos 1 more.
    result = report(score={"home": home, "away": away})
    assert (result.winner, result.decided_by) == (winner, DecidedBy.POINTS)
    assert (result.home_power, result.away_power) == (46, 33)


def test_powers_count_only_who_played_unless_given():
    played = {"played": ["Nabos 1"]}
    assert report(score={"home": 0, "away": 0}, home=played).home_power == 46
    assert report(score={"home": 0, "away": 0}, home_power=50).home_power == 50


def test_elimination_abandon_and_free_throws():
    assert (
        report(score={"home": 0, "away": 0}, decided_by="elimination", result="away").winner
        is Side.AWAY
    )
    abandon = report(score={"home": 4, "away": 0}, decided_by="abandon", abandoned_by="home")
    assert (abandon.winner, abandon.abandoned_by) == (Side.AWAY, Side.HOME)
    thrown = report(
        score={"home": 1, "away": 1}, decided_by="free_throws", free_throws={"home": 12, "away": 13}
    )
    assert (thrown.winner, thrown.final_score) == (Side.AWAY, Score(13, 14))


def test_a_report_round_trips():
    first = report(
        score={"home": 1, "away": 1},
        decided_by="free_throws",
        free_throws={"home": 2, "away": 0},
        home={
            "comas": [{"gladiator": "Nabos 2", "state": -13, "location": "head"}],
            "out": ["Nabos 3"],
        },
        away={"equipment_lost": ["Titanos 7"], "armour_lost": {"Titanos 1": 1}},
    )
    assert parse_report(first.to_dict(), NABOS, TITANOS, table=DEFAULT_TARGETS) == first


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({}, "result.score"),
        ({"score": {"home": -1, "away": 0}}, "result.score.home"),
        ({"score": {"home": 3, "away": 0}, "result": "draw"}, "result.result"),
        ({"score": {"home": 0, "away": 0}, "result": "nobody"}, "result.result"),
        ({"score": {"home": 0, "away": 0}, "decided_by": "knockout"}, "result.decided_by"),
        ({"score": {"home": 0, "away": 0}, "decided_by": "elimination"}, "result.result"),
        ({"score": {"home": 0, "away": 0}, "decided_by": "abandon"}, "result.abandoned_by"),
        (
            {
                "score": {"home": 0, "away": 0},
                "decided_by": "abandon",
                "abandoned_by": "home",
                "result": "home",
            },
            "result.result",
        ),
        ({"score": {"home": 0, "away": 0}, "abandoned_by": "home"}, "result.abandoned_by"),
        ({"score": {"home": 0, "away": 0}, "decided_by": "free_throws"}, "result.free_throws"),
        (
            {
                "score": {"home": 3, "away": 0},
                "decided_by": "free_throws",
                "free_throws": {"home": 0, "away": 2},
            },
            "result.decided_by",
        ),
        (
            {
                "score": {"home": 0, "away": 0},
                "decided_by": "free_throws",
                "free_throws": {"home": 2, "away": 2},
            },
            "result.free_throws",
        ),
        (
            {"score": {"home": 0, "away": 0}, "home": {"played": ["Titanos 1"]}},
            "result.home.played.0",
        ),
        ({"score": {"home": 0, "away": 0}, "home": {"played": []}}, "result.home.played"),
        (
            {
                "score": {"home": 0, "away": 0},
                "home": {"played": ["Nabos 1"], "comas": [{"gladiator": "Nabos 2", "state": -11}]},
            },
            "result.home.comas.0.gladiator",
        ),
        (
            {
                "score": {"home": 0, "away": 0},
                "away": {"comas": [{"gladiator": "Titanos 2", "state": -10}]},
            },
            "result.away.comas.0.state",
        ),
        (
            {
                "score": {"home": 0, "away": 0},
                "away": {"comas": [{"gladiator": "Titanos 2", "state": -11, "location": "foot"}]},
            },
            "result.away.comas.0.location",
        ),
        ({"score": {"home": 0, "away": 0}, "away": {"out": ["Nabos 1"]}}, "result.away.out.0"),
        (
            {"score": {"home": 0, "away": 0}, "away": {"armour_lost": {"Titanos 1": 0}}},
            "result.away.armour_lost.Titanos 1",
        ),
        ({"score": {"home": 0, "away": 0}, "away": {"injuries": []}}, "result.away.injuries"),
        ({"score": {"home": 0, "away": 0}, "winner": "home"}, "result.winner"),
        ({"score": {"home": 0, "away": 0}, "home_power": -1}, "result.home_power"),
    ],
)
def test_a_bad_report_names_its_field(data, field):
    with pytest.raises(InvalidInput) as error:
        parse_report(data, NABOS, TITANOS, table=DEFAULT_TARGETS)
    assert error.value.field == field


def test_who_may_shoot_and_how_each_left_the_match():
    from rules_engine.killpower.report import able_to_shoot, state_after_match

    side = {
        "played": ["A", "B", "C", "D"],
        "comas": [{"gladiator": "B", "state": -12}],
        "out": ["C"],
    }

    assert able_to_shoot(side) == ["A", "D"]
    assert [state_after_match(side, ["D"], name) for name in "ABCD"] == [
        "fit",
        "coma",
        "fit",
        "badly_wounded",
    ]


STORED_SIDE = {
    "played": ["A", "B"],
    "comas": [{"gladiator": "B", "state": -12, "location": "head"}],
    "out": ["B"],
    "equipment_lost": ["C"],
    "armour_lost": {"A": 2},
}
"""One side of a stored report: A badly wounded (in the side's list), B in a coma and out, C
on the bench with his equipment lost."""


def test_what_a_stored_report_says_of_one_gladiator():
    from rules_engine.killpower.report import gladiator_entry

    side = STORED_SIDE

    assert gladiator_entry(side, ["A"], "A") == {
        "played": True, "state": "badly_wounded", "coma": None, "out": False,
        "equipment_lost": False, "armour_lost": 2,
    }  # fmt: skip
    assert gladiator_entry(side, [], "B") == {
        "played": True, "state": "coma", "coma": {"gladiator": "B", "state": -12, "location": "head"},
        "out": True, "equipment_lost": False, "armour_lost": None,
    }  # fmt: skip
    assert gladiator_entry({}, [], "C") == {
        "played": False, "state": "fit", "coma": None, "out": False,
        "equipment_lost": False, "armour_lost": None,
    }  # fmt: skip


def test_a_side_is_what_is_said_of_each_gladiator():
    from rules_engine.killpower.report import entry_named, gladiator_entry, side_of_entries

    side = {**STORED_SIDE, "badly_wounded": ["A"]}
    entries = {name: gladiator_entry(side, side["badly_wounded"], name) for name in "ABC"}

    assert side_of_entries(entries) == side
    assert side_of_entries({"D": {"state": "coma", "coma": {"state": None}}})["comas"] == [
        {"gladiator": "D", "state": None}
    ]
    assert [entry_named(side, field) for field in (
        "played.1", "out.0", "equipment_lost.0", "badly_wounded.0", "comas.0",
        "comas.0.gladiator", "comas.0.state", "comas.0.location", "armour_lost.A",
    )] == [
        ("B", "played"), ("B", "out"), ("C", "equipment_lost"), ("A", "state"), ("B", "state"),
        ("B", "state"), ("B", "coma.state"), ("B", "coma.location"), ("A", "armour_lost"),
    ]  # fmt: skip
    assert [entry_named(side, field) for field in ("played", "out.3", "comas.0.x", "score")] == [
        None
    ] * 4
