"""Team ratings ("Calcul des scores des équipes"): every division rounds down."""

import doctest

import pytest

import rules_engine.rotzball
from rules_engine.rotzball import ratings
from rules_engine.rotzball.ratings import attacker_score, coach_score, defender_score
from rules_engine.rotzball.sheet import Attacker, Coach, Defender


@pytest.mark.parametrize(
    ("e", "ag", "f", "score"),
    [(45, 45, 45, 45), (50, 41, 40, 43), (50, 41, 41, 44), (1, 1, 2, 1), (100, 100, 99, 99)],
)
def test_attacker_score_is_floor_of_the_mean_of_e_ag_f(e, ag, f, score):
    assert attacker_score(Attacker("A", e, ag, f)) == score  # 131 / 3 = 43.67 -> 43


@pytest.mark.parametrize(("e", "ag", "score"), [(45, 30, 37), (40, 40, 40), (1, 2, 1)])
def test_defender_score_is_floor_of_the_mean_of_e_ag(e, ag, score):
    assert defender_score(Defender("D", e, ag)) == score


@pytest.mark.parametrize(("ag", "intelligence", "score"), [(35, 50, 42), (47, 47, 47)])
def test_coach_score_is_floor_of_the_mean_of_ag_int(ag, intelligence, score):
    assert coach_score(Coach("C", ag, intelligence)) == score


def player(name: str, e: int, ag: int, f: int | None = None) -> dict[str, object]:
    data: dict[str, object] = {"name": name, "E": e, "Ag": ag}
    if f is not None:
        data["F"] = f
    return data


def test_team_ratings_weigh_the_passer_twice_and_round_down():
    sheet = {
        "name": "Wolves",
        "passer": player("P", 50, 40, 45),  # 135 / 3 = 45
        "attackers": [player("A1", 40, 40, 41), player("A2", 30, 35, 40)],  # 40, 35
        "defenders": [player("D1", 45, 30), player("D2", 40, 41), player("D3", 50, 35)],
        "coach": {"name": "C", "Ag": 35, "Int": 50},
    }
    # Attack: (40 + 35 + 2 x 45) / 4 = 41.25 -> 41 (the passer counts twice: not 40)
    # Defense: (37 + 40 + 42) / 3 = 39.67 -> 39 (rounded down, not 40)
    # Coach: (35 + 50) / 2 = 42.5 -> 42
    assert ratings(sheet) == {"attack": 41, "defense": 39, "coach": 42}


def test_floors_apply_per_player_before_the_team_rating():
    sheet = {
        "name": "Ravens",
        "passer": player("P", 42, 43, 43),  # 128 / 3 = 42.67 -> 42
        "attackers": [player("A1", 41, 42, 42), player("A2", 41, 42, 42)],  # 41.67 -> 41
        "defenders": [player("D1", 40, 41), player("D2", 41, 42), player("D3", 41, 42)],
        "coach": {"name": "C", "Ag": 40, "Int": 41},
    }
    # Attack (41 + 41 + 2 x 42) / 4 = 41.5 -> 41; unfloored players would give 42.17 -> 42.
    # Defense (40 + 41 + 41) / 3 = 40.67 -> 40; unfloored players would give 41.17 -> 41.
    assert ratings(sheet) == {"attack": 41, "defense": 40, "coach": 40}


def test_the_package_docstring_example():
    result = doctest.testmod(rules_engine.rotzball)

    assert result.attempted >= 3 and result.failed == 0
