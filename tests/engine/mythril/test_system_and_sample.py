"""The registry's Mythril system and the sample roster data."""

from __future__ import annotations

import doctest
import json

import pytest

from rules_engine.dice import Dice
from rules_engine.errors import IllegalAction, InvalidInput
from rules_engine.mythril import (
    SYSTEM,
    Draft,
    Pick,
    Prices,
    RosterFileError,
    check_team,
    load_sample,
    read_roster_data,
)
from rules_engine.mythril.sample import sample_text
from rules_engine.systems import PointsTable, Resolution, get_system
from tests.engine.mythril.builders import ORC_LIST


def test_the_registry_finds_a_recorded_system():
    assert get_system("mythril") is SYSTEM
    assert SYSTEM.resolution is Resolution.RECORDED


def test_validate_roster_reports_each_broken_rule():
    roster = {
        "team_list": ORC_LIST,
        "team": {"players": [{"position": "Lineman"}] * 10, "popularity": 0},
        "budget": 1_000_000,
    }
    issues = SYSTEM.validate_roster(roster)
    assert [issue.field for issue in issues] == ["too_few_players", "popularity_too_low"]
    assert all(issue.blocking for issue in issues)


def result(forfeit=None, halves=0, score=(1, 0)):
    home = {
        "players": [{"id": 1, "name": "A", "position": "Lineman"}],
        "popularity": 2,
        "stats": [{"player": 1, "touchdowns": score[0]}],
    }
    away = {
        "players": [{"id": 2, "name": "B", "position": "Lineman"}],
        "popularity": 2,
        "stats": [{"player": 2, "touchdowns": score[1]}],
    }
    return {
        "home": home,
        "away": away,
        "score": {"home": score[0], "away": score[1]},
        "forfeit": forfeit,
        "unfinished_halves": halves,
    }


def test_a_result_is_recorded_and_its_post_match_runs():
    outcome = SYSTEM.resolve_match({}, {}, dice=Dice(seed=1), options={"result": result()})
    assert (outcome.home_score, outcome.away_score, outcome.winner) == (1, 0, "home")
    assert outcome.decided_by == "score"
    after = SYSTEM.post_match(outcome, dice=Dice(seed=1), options={"settings": {}})
    assert after["points"] == {"home": 3, "away": 0}
    assert after["home"]["mvp"] == "1" and after["rolls"]
    assert SYSTEM.standings_points(outcome, PointsTable(3, 1, 0)) == (3, 0)


def test_a_forfeit_counts_3_against_0_whatever_the_score():
    outcome = SYSTEM.resolve_match(
        {}, {}, dice=Dice(seed=1), options={"result": result("home", 1, (1, 0))}
    )
    assert (outcome.home_score, outcome.away_score, outcome.winner) == (1, 1, "away")
    assert outcome.decided_by == "forfeit"
    assert SYSTEM.standings_points(outcome, PointsTable(2, 1, 1)) == (0, 3)


def test_a_match_needs_an_entered_result():
    with pytest.raises(IllegalAction):
        SYSTEM.resolve_match({}, {}, dice=Dice(seed=1), options={})


def test_the_win_is_worth_3_and_draw_and_loss_follow_the_league():
    outcome = SYSTEM.resolve_match(
        {}, {}, dice=Dice(seed=1), options={"result": result(score=(0, 1))}
    )
    assert SYSTEM.standings_points(outcome, PointsTable(2, 1, 1)) == (1, 3)
    draw = SYSTEM.resolve_match({}, {}, dice=Dice(seed=1), options={"result": result(score=(1, 1))})
    assert SYSTEM.standings_points(draw, PointsTable(3, 2, 0)) == (2, 2)


def test_the_sample_is_marked_and_holds_three_lists_champions_skills_pitches():
    sample = load_sample()
    assert sample.sample is True and "edit" in sample.note
    assert len(sample.team_lists) >= 3 and len(sample.champions) >= 3
    assert {"general", "agility", "passing", "strength"} <= {s.category for s in sample.skills}
    assert (sample.pitches[0].name, sample.pitches[0].cost) == ("lawn", 0)
    assert sample.experience.big_guy == (11, 21, 51, 101)
    for team_list in sample.team_lists:
        big_guys = [p for p in team_list.positions if p.big_guy]
        assert all(p.normal == ("general", "strength") for p in big_guys)


def test_every_skill_the_sample_names_is_in_its_skill_list():
    sample = load_sample()
    known = sample.categories()
    named = {skill for t in sample.team_lists for p in t.positions for skill in p.skills}
    named |= {skill for c in sample.champions for skill in c.skills}
    assert named <= set(known)


def test_a_sample_team_of_eleven_passes_team_creation():
    orcs = load_sample().team_list("Orc")
    assert any(champion.name == "Varag Ghoul-Chewer" for champion in orcs.champions)
    draft = Draft((*[Pick(position="Lineman")] * 11, Pick(position="Troll")), 5)
    check = check_team(orcs, draft, 1_000_000, Prices())
    assert check.ok and check.cost == 11 * 50_000 + 110_000 + 50_000


def test_a_yaml_roster_file_error_names_line_and_field():
    text = "team_lists:\n  - race: Orc\n    positions:\n      - name: Lineman\n        cost: lots\n        max: 16\n"
    with pytest.raises(RosterFileError) as caught:
        read_roster_data(text, name="league.yaml")
    assert caught.value.field == "team_lists.0.positions.0.cost"
    assert caught.value.line == 5 and "line 5" in caught.value.message


def test_a_json_roster_file_error_names_line_and_field():
    text = sample_text().replace('"max": 4', '"max": 0', 1)
    with pytest.raises(RosterFileError) as caught:
        read_roster_data(text, name="league.json")
    line = caught.value.line
    assert caught.value.field.endswith(".max") and line is not None
    assert '"max": 0' in text.splitlines()[line - 1]


def test_a_broken_file_names_its_line():
    with pytest.raises(RosterFileError) as caught:
        read_roster_data('{"team_lists": [}', name="x.json")
    assert caught.value.field == "file" and caught.value.line == 1
    with pytest.raises(InvalidInput):
        read_roster_data("team_lists: [", name="x.yaml")


def test_the_sample_round_trips():
    sample = load_sample()
    assert read_roster_data(json.dumps(sample.to_dict()), name="x.json") == sample


def test_the_docstring_examples_hold():
    from rules_engine.mythril import experience, hiring, results

    for module in (experience, hiring, results):
        assert doctest.testmod(module).failed == 0
