"""Who a match report and a coach's choices may name: each refusal comes with a code, its
parameters and the gladiator it is about, so that a page words it in its own language; the
same rules answer for a whole side at once (``side_refusals``), as a form shows them."""

import pytest

from rules_engine import Dice, InvalidInput
from rules_engine.killpower import (
    SYSTEM,
    Decisions,
    KillpowerSettings,
    Refusal,
    ReportError,
    Side,
    parse_report,
    parse_team,
    post_match,
    side_refusals,
)
from rules_engine.killpower.power import DEFAULT_TARGETS
from tests.engine.killpower.builders import team

TITANOS = parse_team(team("Titanos", ranking_points=15))
VIKING = parse_team(team("Viking", ranking_points=20))
BENCH = [f"Titanos {i}" for i in range(1, 7)]  # Titanos 7 sat the match out


def report(**home):
    data = {"score": {"home": 1, "away": 0}, "home": {"played": BENCH, **home}}
    return parse_report(data, TITANOS, VIKING, table=DEFAULT_TARGETS)


@pytest.mark.parametrize(
    ("home", "code", "field", "message"),
    [
        ({"comas": [{"gladiator": "Titanos 7", "state": -12}]}, Refusal.HURT_NOT_PLAYED,
         "result.home.comas.0.gladiator", "'Titanos 7' did not play the match"),
        ({"out": ["Titanos 1", "Titanos 7"]}, Refusal.OUT_NOT_PLAYED, "result.home.out.1",
         "'Titanos 7' is not a gladiator of Titanos who played"),
        ({"armour_lost": {"Titanos 7": 2}}, Refusal.ARMOUR_NOT_PLAYED,
         "result.home.armour_lost.Titanos 7",
         "'Titanos 7' is not a gladiator of Titanos who played"),
    ],
)  # fmt: skip
def test_a_report_naming_a_gladiator_who_did_not_play_is_refused_with_a_code(
    home, code, field, message
):
    with pytest.raises(ReportError) as caught:
        report(**home)

    error = caught.value
    assert isinstance(error, InvalidInput)  # callers that know only InvalidInput still work
    assert (error.code, error.field, error.message) == (code, field, message)
    assert error.gladiator == "Titanos 7"
    assert error.params == {"gladiator": "Titanos 7", "team": "Titanos"}


def test_a_side_where_nobody_played_is_refused_with_a_code():
    with pytest.raises(ReportError) as caught:
        report(played=[])

    assert (caught.value.code, caught.value.field) == (Refusal.NONE_PLAYED, "result.home.played")
    assert caught.value.params == {"team": "Titanos"} and caught.value.gladiator is None


@pytest.mark.parametrize(
    ("decisions", "code", "field"),
    [
        ({"dismiss": ["Titanos 7"]}, Refusal.DISMISS_NOT_PLAYED, "decisions.dismiss.0"),
        ({"redraw": {"Titanos 7": "magic_armour"}}, Refusal.REDRAW_NOT_PLAYED,
         "decisions.redraw.Titanos 7"),
    ],
)  # fmt: skip
def test_a_choice_about_a_gladiator_who_did_not_play_is_refused_with_a_code(decisions, code, field):
    with pytest.raises(ReportError) as caught:
        post_match(TITANOS, report(), Side.HOME, dice=Dice(1),
                   decisions=Decisions.parse(decisions), settings=KillpowerSettings())  # fmt: skip

    assert (caught.value.code, caught.value.field) == (code, field)
    assert caught.value.params == {"gladiator": "Titanos 7", "team": "Titanos"}


def test_a_gladiator_whose_equipment_was_lost_may_redraw_it_without_having_played():
    result = post_match(
        TITANOS, report(equipment_lost=["Titanos 7"]), Side.HOME, dice=Dice(1),
        decisions=Decisions.parse({"redraw": {"Titanos 7": "magic_armour"}}),
        settings=KillpowerSettings(),
    )  # fmt: skip

    [drawn] = result.log["equipment"]
    assert (drawn["gladiator"], drawn["forced"], drawn["after"]["kind"]) == (
        "Titanos 7", True, "magic_armour")  # fmt: skip


def test_a_shooter_who_cannot_shoot_is_refused_with_a_code():
    draw = {"score": {"home": 1, "away": 1},
            "home": {"comas": [{"gladiator": "Titanos 1", "state": -11}]}}  # fmt: skip
    options = {"mode": "tournament", "free_throws": {"home": ["Titanos 2", "Titanos 1"]}}

    with pytest.raises(ReportError) as caught:
        SYSTEM.record_result(team("Titanos"), team("Viking"), draw, dice=Dice(1), options=options)

    error = caught.value
    assert (error.code, error.field) == (Refusal.CANNOT_SHOOT, "options.free_throws.home.1")
    assert error.message == "'Titanos 1' cannot shoot (played, living, not out)"
    assert error.params == {"gladiator": "Titanos 1", "team": "Titanos"}


def test_side_refusals_lists_every_refusal_of_a_side_at_once():
    found = side_refusals(
        team="Titanos",
        played=["Titanos 1", "Titanos 2", "Titanos 3"],
        comas=["Titanos 2", "Titanos 6"],
        badly_wounded=["Titanos 7"],
        out=["Titanos 3", "Titanos 5"],
        armour_lost=["Titanos 5"],
        equipment_lost=["Titanos 6"],
        redraw=["Titanos 1", "Titanos 6", "Titanos 7"],
        shooters=["Titanos 1", "Titanos 2", "Titanos 3", "Titanos 4"],
    )

    assert [(r.code, r.field, r.gladiator) for r in found] == [
        (Refusal.HURT_NOT_PLAYED, "comas.1.gladiator", "Titanos 6"),
        (Refusal.HURT_NOT_PLAYED, "badly_wounded.0", "Titanos 7"),
        (Refusal.OUT_NOT_PLAYED, "out.1", "Titanos 5"),
        (Refusal.ARMOUR_NOT_PLAYED, "armour_lost.Titanos 5", "Titanos 5"),
        (Refusal.REDRAW_NOT_PLAYED, "redraw.Titanos 7", "Titanos 7"),  # 6 lost his: forced
        (Refusal.CANNOT_SHOOT, "shooters.1", "Titanos 2"),  # in a coma
        (Refusal.CANNOT_SHOOT, "shooters.2", "Titanos 3"),  # out
        (Refusal.CANNOT_SHOOT, "shooters.3", "Titanos 4"),  # did not play
    ]
    assert all(r.params["team"] == "Titanos" for r in found)


def test_side_refusals_of_a_side_where_nobody_played():
    [refusal] = side_refusals(team="Viking", played=[])

    assert (refusal.code, refusal.field, refusal.params) == (
        Refusal.NONE_PLAYED, "played", {"team": "Viking"})  # fmt: skip


def test_a_side_the_rules_accept_has_no_refusal():
    assert side_refusals(team="Viking", played=["Viking 1"], comas=["Viking 1"],
                         redraw=["Viking 1"], shooters=[]) == []  # fmt: skip
