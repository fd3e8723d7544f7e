"""The Rotzball engine's roster issues as people read them (``systems.rotzball.roster_messages``):
the app translates the engine's codes, never its English."""

import copy

from django.utils import translation

from rules_engine.rotzball import SYSTEM
from systems.rotzball.roster_messages import roster_issue_text

SHEET = {
    "name": "Wolves",
    "passer": {"name": "P", "E": 50, "Ag": 40, "F": 45},
    "attackers": [
        {"name": "A1", "E": 40, "Ag": 40, "F": 40},
        {"name": "A2", "E": 30, "Ag": 35, "F": 40},
    ],
    "defenders": [
        {"name": "D1", "E": 45, "Ag": 30},
        {"name": "D2", "E": 40, "Ag": 41},
        {"name": "D3", "E": 50, "Ag": 35},
    ],
    "coach": {"name": "C", "Ag": 35, "Int": 50},
}


def _issue(change) -> str:
    """The sentence for the one blocking issue the engine finds in the sheet once changed."""
    sheet = copy.deepcopy(SHEET)
    change(sheet)
    (issue,) = SYSTEM.validate_roster(sheet)
    return roster_issue_text(issue)


def _no_coach(sheet):
    del sheet["coach"]


def _two_defenders(sheet):
    sheet["defenders"].pop()


def _agility_out_of_range(sheet):
    sheet["defenders"][2]["Ag"] = 0


def test_engine_roster_issues_read_as_sentences_in_french():
    with translation.override("fr"):
        missing = _issue(_no_coach)
        short = _issue(_two_defenders)
        unknown = _issue(_agility_out_of_range)

    assert missing == "Entraîneur\u00a0: personne n’occupe ce poste."
    assert short == "Défenseurs\u00a0: il faut exactement 3 joueurs."
    assert (
        unknown == "defenders.2.Ag: must be an integer between 1 and 100"
    )  # shown as the engine said


def test_engine_roster_issues_read_as_sentences_in_english():
    with translation.override("en"):
        assert _issue(_no_coach) == "Coach (Entraîneur): nobody is in this position."
        assert _issue(_two_defenders) == "Defenders: exactly 3 players are needed."


def test_a_missing_characteristic_reads_as_an_empty_position_as_before():
    def no_agility(sheet):
        del sheet["passer"]["Ag"]

    with translation.override("en"):
        assert _issue(no_agility) == "Passer: nobody is in this position."
    assert SYSTEM.validate_roster(SHEET) == []
