"""The pages word every card issue and roll purpose of the engine themselves, so a French
reader never meets the engine's English: each card issue and each roll's purpose has a code
the pages word."""

from types import SimpleNamespace

import pytest
from django.urls import reverse
from django.utils import translation

from battles.display import ISSUE_WORDING, ROLL_WORDING, issue_text, roll_label
from rules_engine import Dice, witcher
from tests.battles.test_stored_runs import GOLDEN, stored_run
from tests.pages.conftest import soup

ARMY = {"name": "Village", "commander": {"name": "Mayor", "tactics": 12, "command": 12}}


def issues(troops):
    card = witcher.card({**ARMY, "troops": troops})
    return [SimpleNamespace(**issue) for issue in card["errors"] + card["warnings"]]


CARDS = {
    "listed twice": [
        {"name": "Militia", "dc": 12, "count": 60},
        {"name": "Militia", "dc": 12, "count": 20},
    ],
    "main troop given a phase": [
        {"name": "Militia", "dc": 12, "count": 60, "phase": 1},
        {"name": "Archers", "dc": 14, "count": 20},
    ],
    "not eligible": [
        {"name": "Militia", "dc": 12, "count": 95},
        {"name": "Scouts", "dc": 14, "count": 5, "phase": 1},
    ],
    "not in the table, spread": [
        {"name": "Militia", "dc": 13, "count": 60},
        {"name": "Mages", "dc": 20, "count": 4, "phase": 1},
        {"name": "Trolls", "dc": 20, "count": 5, "phase": 1},
    ],
    "below the minimum group": [
        {"name": "Militia", "dc": 12, "count": 60},
        {"name": "Impera", "dc": 18, "count": 2},
    ],
    "too many, elite main": [
        {"name": "Knights", "dc": 18, "count": 30},
        {"name": "Militia", "dc": 12, "count": 20},
        *[{"name": f"Witchers {n}", "dc": 20, "count": 5, "phase": 2} for n in range(4)],
    ],
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
            "être spécialiste."
        )


def test_the_pages_word_every_roll_code_of_a_run():
    # An estimate's odds stream seed is never shown: an estimate shows shares, not dice.
    assert set(ROLL_WORDING) == set(witcher.RollCode) - {witcher.RollCode.ODDS_STREAM_SEED}


def test_every_roll_purpose_of_a_run_is_worded_by_the_pages():
    army = {
        "commander": {"name": "C", "tactics": 14, "command": 14},
        "troops": [{"name": "Militia", "dc": 12, "count": 40}],
    }
    battle = witcher.parse_battle(
        {
            "attacker": {**army, "name": "A"},
            "defender": {**army, "name": "B"},
            "crucial_moments": {"1": {}},
            "options": {"casualties": "dice", "no_quarter": True},
        },
        tables=witcher.load_tables({"rounds_limit": 2}),
    )
    names = {"attacker": "A", "defender": "B"}
    codes, extras = set(), set()
    with translation.override("fr"):
        for seed in range(40):
            run = witcher.BattleRun.start(battle, Dice(seed))
            run.run_to_end(auto_decide=True)
            for roll in run.dice.log():
                purpose = roll["purpose"]
                codes.add(purpose["code"])
                extras.add(purpose.get("extra"))
                label = roll_label(purpose, names)
                assert purpose["code"] not in label, purpose
                assert ("A" in label or "B" in label) == ("side" in purpose), purpose
    assert codes == set(ROLL_WORDING)
    assert extras == {None, "critical", "fumble"}


@pytest.mark.parametrize(
    ("purpose", "english", "french"),
    [
        ({"code": "exchange_round", "phase": 2, "round": 3, "side": "attacker"},
         "Phase 2, round 3: Wild Hunt", "Phase 2, tour 3 : Wild Hunt"),
        ({"code": "exchange_round", "phase": 1, "round": 1, "side": "defender",
          "extra": "critical"},
         "Phase 1, round 1: Auld Alliance · critical, another die",
         "Phase 1, tour 1 : Auld Alliance · réussite critique, un autre dé"),
        ({"code": "round_limit_coin", "phase": 3}, "Phase 3: coin after the round limit",
         "Phase 3 : pile ou face après la limite de tours"),
        ({"code": "casualty_test", "side": "defender", "extra": "fumble"},
         "Casualty test: Auld Alliance · fumble, a die taken off",
         "Test de pertes : Auld Alliance · échec critique, un dé retranché"),
        ({"code": "casualties", "side": "attacker"}, "Casualties of Wild Hunt (percentage)",
         "Pertes de Wild Hunt (pourcentage)"),
        ({"code": "no_quarter_survivors", "side": "defender"},
         "No quarter: survivors of Auld Alliance", "Pas de quartier : survivants de Auld Alliance"),
        ({"code": "odds_stream_seed"}, "odds_stream_seed", "odds_stream_seed"),
        ({"code": "exchange_round", "phase": 2}, "exchange_round phase=2",
         "exchange_round phase=2"),
        ("a phrase", "a phrase", "a phrase"),
    ],
)  # fmt: skip
def test_a_roll_is_worded_from_its_code_and_parameters(purpose, english, french):
    names = {"attacker": "Wild Hunt", "defender": "Auld Alliance"}
    with translation.override("en"):
        assert roll_label(purpose, names) == english
    with translation.override("fr"):
        assert roll_label(purpose, names).replace("\u00a0", " ") == french


def test_odds_shares_of_each_pair_add_up_to_exactly_100():
    from battles.views.public import _shares

    shares = _shares(
        {
            "attacker_win": 0.4555,  # 45.55 and 54.45 would each round up: 45.6 + 54.5 = 100.1
            "crushing": {"attacker": 0.1, "defender": 0.2},
            "phase_win": {"1": 0.4555, "2": 0.12345, "3": 0.99999},
        }
    )

    assert shares["attacker"] + shares["defender"] == 100
    assert all(p["attacker"] + p["defender"] == 100 for p in shares["phases"])


def test_the_dice_log_of_a_run_stored_with_phrases_reads_in_french(browser, battle, player):
    """A run stored before roll purposes became codes (``tests/battles/golden``)."""
    run = stored_run(battle, "finished")
    client = browser(player)
    client.cookies["django_language"] = "fr"

    page = soup(client.get(reverse("battles:run", args=[run.pk]),
                           headers={"Accept-Language": "fr"}))  # fmt: skip

    rows = page.find("table", class_="dice").find("tbody").find_all("tr")
    labels = [row.find_all("td")[-1].get_text(strip=True).replace("\u00a0", " ") for row in rows]
    assert len(labels) == len(GOLDEN["finished"]["state"]["rolls"])
    assert labels[2] == "Phase 1, tour 1 : Auld Alliance · échec critique, un dé retranché"
    assert labels[-1] == "Pertes de Auld Alliance (pourcentage)"
    phrases = {roll["purpose"] for roll in GOLDEN["finished"]["state"]["rolls"]}
    assert not phrases & set(labels)
