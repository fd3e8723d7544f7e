"""A line-up's positions on the team sheet: each plays as an attacker, a defender or the
coach, and is scored by that kind's formula."""

from rules_engine.rotzball import ratings
from rules_engine.rotzball.positions import POSITIONS, lineup_sheet, position_score
from rules_engine.rotzball.sheet import parse_sheet

PLAYER = {"name": "Klaus", "E": 50, "Ag": 41, "F": 40, "Int": 30}


def test_a_position_scores_its_kinds_characteristics():
    assert position_score("passer", PLAYER) == 43  # (50 + 41 + 40) / 3
    assert position_score("defender_2", PLAYER) == 45  # (50 + 41) / 2
    assert position_score("coach", PLAYER) == 35  # (41 + 30) / 2


def test_a_full_line_up_makes_a_sheet_the_engine_reads():
    lineup = {position: {**PLAYER, "name": position} for position in POSITIONS}
    sheet = lineup_sheet("Wolves", "defensive", lineup)

    assert list(sheet) == ["name", "tactic", "passer", "attackers", "defenders", "coach"]
    assert sheet["defenders"][0] == {"name": "defender_1", "E": 50, "Ag": 41}
    assert sheet["coach"] == {"name": "coach", "Ag": 41, "Int": 30}
    assert parse_sheet(sheet).tactic == "defensive"
    assert ratings(sheet) == {"attack": 43, "defense": 45, "coach": 35}


def test_empty_positions_are_left_off_the_sheet():
    sheet = lineup_sheet("Wolves", "balanced", {"attacker_2": PLAYER})

    assert sheet == {
        "name": "Wolves",
        "tactic": "balanced",
        "attackers": [{"name": "Klaus", "E": 50, "Ag": 41, "F": 40}],
        "defenders": [],
    }
