"""A match-day action's parameters read from the players named and the numbers given."""

import pytest

from rules_engine import InvalidInput
from rules_engine.tutatis.match_day import action_params

SHEETS = {
    "home": [{"id": 1, "name": "Brute", "st": 7, "ag": 5, "co": 8, "bp": 6, "on_pitch": True}],
    "away": [
        {"id": 2, "name": "Keeper", "st": 6, "ag": 7, "co": 9, "bp": 8, "on_pitch": True},
        {
            "id": 3,
            "name": "Sub",
            "st": 5,
            "ag": 6,
            "co": 7,
            "bp": 7,
            "on_pitch": False,
            "badly_hurt": True,
        },
    ],
}
TEAMS = {"home": "Orcs", "away": "Dwarfs"}


def params(action, inputs, weather="ideal"):
    return action_params(action, inputs, sheet=SHEETS.__getitem__, weather=weather, teams=TEAMS)


def test_a_shot_reads_the_shooter_and_the_keeper_and_acts_for_the_shooters_side():
    assert params("shot", {"shooter": "home:1", "keeper": "away:2", "distance": 4}) == (
        {"shooter": {"st": 7, "bp": 6}, "keeper": {"ag": 7, "bp": 8}, "distance": 4},
        "home",
        "Brute → Keeper",
    )


def test_a_bp_test_in_a_storm_takes_two_off():
    got, _side, _label = params(
        "test", {"player": "away:2", "characteristic": "bp"}, weather="storm"
    )
    assert got == {"characteristic": "bp", "value": 8, "modifier": -2}


def test_the_kickoff_checks_read_the_sides_sheet():
    got, side, label = params("kickoff", {"side": "away", "unconscious": [2]})
    assert (side, label) == ("away", "Dwarfs")
    assert got == {
        "weather": "ideal",
        "on_pitch": ["Keeper"],
        "unconscious": ["Keeper"],
        "badly_hurt": ["Sub"],
    }


@pytest.mark.parametrize(
    ("action", "inputs", "weather", "code", "field"),
    [
        ("dance", {}, None, "unknown_action", "action"),
        ("foul", {"fouler": "home:9", "victim": "away:2"}, None, "not_a_match_player", "fouler"),
        ("weather", {"side": "left"}, None, "unknown_side", "side"),
        ("weather", {"side": "home"}, "rain", "weather_rolled", "action"),
        ("kickoff", {"side": "home"}, None, "weather_not_rolled", "action"),
        (
            "test",
            {"player": "home:1", "characteristic": "xx"},
            None,
            "unknown_characteristic",
            "characteristic",
        ),
        ("shot", {"shooter": "home:1", "keeper": "away:2"}, None, "not_a_whole_number", "distance"),
    ],
)
def test_bad_inputs_are_refused_naming_the_field(action, inputs, weather, code, field):
    with pytest.raises(InvalidInput) as refused:
        params(action, inputs, weather=weather)
    assert (refused.value.code, refused.value.field) == (code, field)
