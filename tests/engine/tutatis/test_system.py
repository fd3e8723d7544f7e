"""Tutatis in the registry: recorded results in points, injuries carried over."""

import pytest

from rules_engine import Dice, IllegalAction, InvalidInput, PointsTable, Resolution, get_system


def roster(*names):
    return {"players": [{"name": n, "role": "player", "cost": 10, "on_pitch": True} for n in names]}


def test_registered_and_recorded():
    system = get_system("tutatis")
    assert system.resolution is Resolution.RECORDED
    assert system.label == "Tutatis"


def test_goals_are_three_and_over_the_bar_one():
    system = get_system("tutatis")
    result = {"home": {"goals": 2, "over_bar": 1}, "away": {"goals": 2, "over_bar": 2}}
    outcome = system.resolve_match(
        roster("A"), roster("B"), dice=Dice(1), options={"result": result}
    )
    assert (outcome.home_score, outcome.away_score, outcome.winner) == (7, 8, "away")
    assert system.standings_points(outcome, PointsTable(3, 1, 0)) == (0, 3)


def test_equal_points_are_a_draw():
    system = get_system("tutatis")
    result = {"home": {"goals": 1, "over_bar": 0}, "away": {"goals": 0, "over_bar": 3}}
    outcome = system.resolve_match(
        roster("A"), roster("B"), dice=Dice(1), options={"result": result}
    )
    assert outcome.winner is None
    assert system.standings_points(outcome, PointsTable(3, 1, 0)) == (1, 1)


def test_injuries_are_carried_to_the_next_match():
    system = get_system("tutatis")
    result = {
        "home": {"goals": 0, "over_bar": 0, "badly_hurt": ["A"]},
        "away": {"goals": 0, "over_bar": 0},
    }
    outcome = system.resolve_match(
        roster("A", "C"), roster("B"), dice=Dice(1), options={"result": result}
    )
    assert system.post_match(outcome, dice=Dice(1), options={}) == {
        "home": {"badly_hurt": ["A"]},
        "away": {"badly_hurt": []},
    }


def test_an_injured_player_must_be_in_his_team():
    system = get_system("tutatis")
    result = {
        "home": {"goals": 0, "over_bar": 0, "badly_hurt": ["B"]},
        "away": {"goals": 0, "over_bar": 0},
    }
    with pytest.raises(InvalidInput) as caught:
        system.resolve_match(roster("A"), roster("B"), dice=Dice(1), options={"result": result})
    assert caught.value.field == "result.home.badly_hurt.0"


def test_without_a_result_the_engine_does_not_play():
    with pytest.raises(IllegalAction):
        get_system("tutatis").resolve_match(roster("A"), roster("B"), dice=Dice(1), options={})


def test_validate_roster_uses_the_team_rules():
    issues = get_system("tutatis").validate_roster({**roster("A", "B"), "budget": 600})
    assert [issue.field for issue in issues] == ["wrong_pitch_count"]
