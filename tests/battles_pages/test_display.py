"""The pages word every card issue and roll purpose of the engine themselves, so a French
reader never meets the engine's English: each card issue has a code the pages word, each roll
purpose a known pattern."""

from types import SimpleNamespace

import pytest
from django.utils import translation

from battles.views.display import ISSUE_WORDING, issue_text, roll_purpose
from rules_engine import Dice, witcher

ARMY = {"name": "Village", "commander": {"name": "Mayor", "tactics": 12, "command": 12}}


def issues(troops):
    card = witcher.card({**ARMY, "troops": troops})
    return [SimpleNamespace(**issue) for issue in card["errors"] + card["warnings"]]


CARDS = {
    "listed twice": [{"name": "Militia", "dc": 12, "count": 60},
                     {"name": "Militia", "dc": 12, "count": 20}],
    "main troop given a phase": [{"name": "Militia", "dc": 12, "count": 60, "phase": 1},
                                 {"name": "Archers", "dc": 14, "count": 20}],
    "not eligible": [{"name": "Militia", "dc": 12, "count": 95},
                     {"name": "Scouts", "dc": 14, "count": 5, "phase": 1}],
    "not in the table, spread": [{"name": "Militia", "dc": 13, "count": 60},
                                 {"name": "Mages", "dc": 20, "count": 4, "phase": 1},
                                 {"name": "Trolls", "dc": 20, "count": 5, "phase": 1}],
    "below the minimum group": [{"name": "Militia", "dc": 12, "count": 60},
                                {"name": "Impera", "dc": 18, "count": 2}],
    "too many, elite main": [{"name": "Knights", "dc": 18, "count": 30},
                             {"name": "Militia", "dc": 12, "count": 20},
                             *[{"name": f"Witchers {n}", "dc": 20, "count": 5, "phase": 2}
                               for n in range(4)]],
}


def test_the_cases_cover_every_code_the_pages_word():
    codes = {issue.code for troops in CARDS.values() for issue in issues(troops)}
    assert codes == set(ISSUE_WORDING)


@pytest.mark.parametrize("case", CARDS)
def test_every_card_issue_is_worded_by_the_pages(case):
    found = issues(CARDS[case])
    assert found
    with translation.override("fr"):
        for issue in found:
            assert issue.code in ISSUE_WORDING, issue.message
            assert issue_text(issue) != issue.message, issue.message


def test_the_french_wording_keeps_the_troop_name():
    [issue] = [i for i in issues(CARDS["main troop given a phase"]) if "main troop" in i.message]
    with translation.override("fr"):
        assert issue_text(issue) == (
            "«\u00a0Militia\u00a0» fait partie des troupes principales\u00a0: elle ne peut pas "
            "être spécialiste.")


def test_every_roll_purpose_of_a_run_is_worded_by_the_pages():
    army = {"commander": {"name": "C", "tactics": 14, "command": 14},
            "troops": [{"name": "Militia", "dc": 12, "count": 40}]}
    battle = witcher.parse_battle({
        "attacker": {**army, "name": "A"}, "defender": {**army, "name": "B"},
        "crucial_moments": {"1": {}}, "options": {"casualties": "dice", "no_quarter": True}})
    names = {"attacker": "A", "defender": "B"}
    for seed in range(20):
        run = witcher.BattleRun.start(battle, Dice(seed))
        run.run_to_end(auto_decide=True)
        for roll in run.dice.log():
            assert roll_purpose(roll["purpose"], names) != roll["purpose"], roll["purpose"]


def test_odds_shares_of_each_pair_add_up_to_exactly_100():
    from battles.views.public import _shares

    shares = _shares({
        "attacker_win": 0.4555,  # 45.55 and 54.45 would each round up: 45.6 + 54.5 = 100.1
        "crushing": {"attacker": 0.1, "defender": 0.2},
        "phase_win": {"1": 0.4555, "2": 0.12345, "3": 0.99999},
    })

    assert shares["attacker"] + shares["defender"] == 100
    assert all(p["attacker"] + p["defender"] == 100 for p in shares["phases"])
