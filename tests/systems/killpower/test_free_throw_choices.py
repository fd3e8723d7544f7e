"""Free throws (13.2): "les entraîneurs choisissent 2 joueurs": each coach chooses his own
side's shooters and distances (when he enters the result, or when he confirms it); the
commissioner may choose for both; a side nobody chose for gets the engine's choice."""

import pytest
from django.core.exceptions import ValidationError
from django.test.testcases import TestCase

from matches.table_results.services import report_confirm, report_decide, report_enter
from tests.systems.killpower.helpers import report

pytestmark = pytest.mark.django_db

TITANOS = {"home": ["Titanos 2", "Titanos 3"], "distances": {"home": [3, 4]}}
VIKING = {"away": ["Viking 2", "Viking 3"], "distances": {"away": [5, 6]}}


def shots(result) -> list[tuple[str, str, int, bool]]:
    """(side, shooter, distance, chosen by the coach) of each free throw of the first round."""
    return [
        (s["side"], s["shooter"], s["distance"], s["chosen"])
        for s in result.record["free_throws"]["shots"]
        if s["round"] == 1
    ]


def confirm(entered, user, **choices):
    with TestCase.captureOnCommitCallbacks(execute=True):
        return report_confirm(report=entered, user=user, seed=7, **choices)


def test_the_coach_who_enters_the_result_chooses_for_his_own_side_only(kp_cup_final, coach):
    # Given Titanos' coach entering a 0-0 draw, when he also names Viking's shooters
    with pytest.raises(ValidationError) as error:
        report_enter(
            fixture=kp_cup_final,
            user=coach,
            result=report(0, 0),
            options={**TITANOS, **VIKING, "distances": {"home": [3, 4], "away": [5, 6]}},
        )

    # Then he is refused on Viking's shooters, and nothing is stored
    assert (
        "Only Viking's coach or the commissioner" in error.value.message_dict["free_throws.away"][0]
    )
    assert not kp_cup_final.reports.exists()

    # ... nor may he give Viking's distances alone
    with pytest.raises(ValidationError) as error:
        report_enter(
            fixture=kp_cup_final,
            user=coach,
            result=report(0, 0),
            options={"distances": {"away": [12, 12]}},
        )
    assert "free_throws.distances.away" in error.value.message_dict


def test_each_coach_chooses_his_own_shooters_the_other_when_he_confirms(
    kp_cup_final, coach, other_coach
):
    # Given Titanos' coach entering 0-0 with his own shooters and distances
    entered = report_enter(fixture=kp_cup_final, user=coach, result=report(0, 0), options=TITANOS)
    assert entered.free_throws == TITANOS

    # When Viking's coach confirms with his own
    result = confirm(entered, other_coach, options=VIKING)

    # Then each side shoots as its own coach chose (Titanos, the stronger, first)
    assert shots(result) == [
        ("home", "Titanos 2", 3, True), ("away", "Viking 2", 5, True),
        ("home", "Titanos 3", 4, True), ("away", "Viking 3", 6, True),
    ]  # fmt: skip
    entered.refresh_from_db()
    assert entered.free_throws == {
        "home": TITANOS["home"],
        "away": VIKING["away"],
        "distances": {"home": [3, 4], "away": [5, 6]},
    }


def test_the_confirming_coach_cannot_choose_for_the_side_that_entered(
    kp_cup_final, coach, other_coach
):
    entered = report_enter(fixture=kp_cup_final, user=coach, result=report(0, 0))

    with pytest.raises(ValidationError) as error:
        confirm(entered, other_coach, options=TITANOS)

    assert "free_throws.home" in error.value.message_dict
    entered.refresh_from_db()
    assert entered.status == "pending" and entered.free_throws is None


def test_a_side_nobody_chose_for_gets_the_engines_choice(kp_cup_final, coach, other_coach):
    # Given Titanos' coach chose his shooters; Viking's coach confirms without choosing
    entered = report_enter(fixture=kp_cup_final, user=coach, result=report(0, 0), options=TITANOS)

    result = confirm(entered, other_coach)

    # Then Viking's two best shooters shoot (Viking 5, a shooter, BAL 5; then Viking 1), at
    # distances the engine chose
    away = [(shooter, chosen) for side, shooter, _d, chosen in shots(result) if side == "away"]
    assert away == [("Viking 5", False), ("Viking 1", False)]


def test_the_commissioner_deciding_may_choose_for_both_sides(kp_cup_final, coach, commissioner):
    entered = report_enter(fixture=kp_cup_final, user=coach, result=report(0, 0), options=TITANOS)

    with TestCase.captureOnCommitCallbacks(execute=True):
        result = report_decide(
            report=entered,
            user=commissioner,
            seed=7,
            options={"home": ["Titanos 4", "Titanos 6"], "away": ["Viking 4", "Viking 6"]},
        )

    assert [shooter for _side, shooter, _d, _c in shots(result)] == [
        "Titanos 4",
        "Viking 4",
        "Titanos 6",
        "Viking 6",
    ]
