"""Killpower Ball through the RuleSystem protocol, as the Django side will call it."""

import json

import pytest

from rules_engine import (
    Dice,
    IllegalAction,
    InvalidInput,
    MatchOutcome,
    PointsTable,
    Resolution,
    RuleSystem,
    get_system,
    system_names,
)
from rules_engine.killpower import SYSTEM, KillpowerSystem
from tests.engine.killpower.builders import gladiator, team

TITANOS = team("Titanos", ranking_points=20)  # power 20
VIKING = team("Viking", ranking_points=12)  # power 12
WIN = {"score": {"home": 3, "away": 0}}
DRAW = {"score": {"home": 1, "away": 1}}


def test_registered_and_follows_the_protocol():
    assert "killpower" in system_names()
    assert get_system("killpower") is SYSTEM
    assert isinstance(SYSTEM, RuleSystem)
    assert isinstance(SYSTEM, KillpowerSystem)
    assert (SYSTEM.name, SYSTEM.label, SYSTEM.resolution) == (
        "killpower",
        "Killpower Ball",
        Resolution.RECORDED,
    )


def test_validate_roster():
    assert SYSTEM.validate_roster(TITANOS) == []
    [issue] = SYSTEM.validate_roster(team(size=8))
    assert (issue.field, issue.blocking) == ("gladiators", True)
    bad = team()
    bad["gladiators"][2]["specialization"] = "ninja"
    [issue] = SYSTEM.validate_roster(bad)
    assert issue.field == "gladiators.2.specialization"


def test_a_power_held_more_than_three_times_is_a_warning():
    cards = {"kind": "power_cards", "cards": ["Fantôme", "Rayon laser"]}
    roster = team()
    roster["gladiators"] = [gladiator(f"G{i}", equipment=cards) for i in range(7)]
    issues = SYSTEM.validate_roster(roster)
    assert [(i.field, i.blocking) for i in issues] == [("gladiators", False)] * 2
    assert "held 7 times" in issues[0].message


def test_resolve_match_without_a_result_explains_that_results_are_recorded():
    with pytest.raises(IllegalAction, match="played at the table"):
        SYSTEM.resolve_match(TITANOS, VIKING, dice=Dice(1), options={})


def test_resolve_match_records_an_entered_result():
    outcome = SYSTEM.resolve_match(TITANOS, VIKING, dice=Dice(5), options={"result": WIN})
    assert (outcome.home_score, outcome.away_score, outcome.winner) == (3, 0, "home")
    assert (outcome.decided_by, outcome.seed) == ("points", 5)
    assert outcome.record["points_to_score"] == {"home": 2, "away": 1}
    assert outcome.record["report"]["home_power"] == 20
    assert outcome.record["home_team"]["name"] == "Titanos"
    assert outcome.record["free_throws"] is None
    assert SYSTEM.standings_points(outcome, PointsTable()) == (3, 0)


def test_a_championship_draw_stays_a_draw():
    outcome = SYSTEM.record_result(TITANOS, VIKING, DRAW, dice=Dice(1))
    assert (outcome.winner, outcome.decided_by) == (None, "points")
    assert SYSTEM.standings_points(outcome, PointsTable()) == (1, 1)


def test_a_tournament_draw_goes_to_free_throws():
    options = {
        "mode": "tournament",
        "free_throws": {
            "home": ["Titanos 1", "Titanos 2"],
            "distances": {"home": [10, 12], "away": [2, 11]},
        },
    }
    dice = Dice.scripted([5, 3, 1, 1])
    outcome = SYSTEM.record_result(TITANOS, VIKING, DRAW, dice=dice, options=options)
    # Titanos (stronger) named its shooters; the engine picks Viking's two best at BAL:
    # Viking 5 (a shooter, BAL 5), then Viking 1, the first on the sheet of those at BAL 4.
    shots = outcome.record["free_throws"]["shots"]
    assert [(s["shooter"], s["distance"], s["points"]) for s in shots] == [
        ("Titanos 1", 10, 0),
        ("Viking 5", 2, 2),
        ("Titanos 2", 12, 12),
        ("Viking 1", 11, 11),
    ]
    assert (outcome.home_score, outcome.away_score, outcome.winner) == (13, 14, "away")
    assert outcome.decided_by == "free_throws"
    assert outcome.record["report"]["free_throws"] == {"home": 12, "away": 13}


def test_tournament_shooters_must_be_able_to_shoot():
    options = {"mode": "tournament", "free_throws": {"home": ["Titanos 1"]}}
    result = {**DRAW, "home": {"comas": [{"gladiator": "Titanos 1", "state": -11}]}}
    with pytest.raises(InvalidInput) as error:
        SYSTEM.record_result(TITANOS, VIKING, result, dice=Dice(1), options=options)
    assert error.value.field == "options.free_throws.home.0"


def test_a_team_that_can_present_two_shooters_names_two():
    # 13.2: "choisissez deux joueurs vivants dans chaque équipe": all seven played and can shoot
    options = {"mode": "tournament", "free_throws": {"home": ["Titanos 1"]}}
    with pytest.raises(InvalidInput) as error:
        SYSTEM.record_result(TITANOS, VIKING, DRAW, dice=Dice(1), options=options)
    assert error.value.field == "options.free_throws.home"
    assert error.value.message == "must name two gladiators: Titanos has 7 able to shoot"


def test_a_team_that_can_present_only_one_shooter_names_him_and_shoots_once():
    # 13.2: "si l'une des deux équipes ne peut présenter qu'un gladiateur, elle n'aura le droit
    # qu'à un seul tir au panier": Titanos 2 is in a coma, Titanos 3 out at the end
    result = {
        **DRAW,
        "home": {
            "played": ["Titanos 1", "Titanos 2", "Titanos 3"],
            "comas": [{"gladiator": "Titanos 2", "state": -11}],
            "out": ["Titanos 3"],
        },
    }

    def shoot(home):
        options = {"mode": "tournament", "free_throws": {"home": home}}
        return SYSTEM.record_result(TITANOS, VIKING, result, dice=Dice(1), options=options)

    with pytest.raises(InvalidInput) as error:
        shoot([])
    assert error.value.field == "options.free_throws.home"
    assert "must name one gladiator: 'Titanos 1' is the only one" in error.value.message
    with pytest.raises(InvalidInput) as error:
        shoot(["Titanos 1", "Titanos 3"])
    assert error.value.field == "options.free_throws.home.1"

    shots = shoot(["Titanos 1"]).record["free_throws"]["shots"]
    assert {s["shooter"] for s in shots if s["side"] == "home"} == {"Titanos 1"}
    assert [s["side"] for s in shots if s["round"] == 1] == ["home", "away", "away"]


@pytest.mark.parametrize(
    ("options", "field"),
    [
        ({"mode": "league"}, "options.mode"),
        ({"coach_rule": "test"}, "options.coach_rule"),
        ({"free_throws": {}}, "options.free_throws"),
    ],
)
def test_bad_options_name_their_field(options, field):
    with pytest.raises(InvalidInput) as error:
        SYSTEM.record_result(TITANOS, VIKING, WIN, dice=Dice(1), options=options)
    assert error.value.field == field


def test_bad_rosters_name_their_side():
    with pytest.raises(InvalidInput) as error:
        SYSTEM.record_result(TITANOS, team(size=6), WIN, dice=Dice(1))
    assert error.value.field == "away.gladiators"


def test_post_match_runs_the_sequence_for_both_teams_home_first():
    result = {**WIN, "away": {"comas": [{"gladiator": "Viking 3", "state": -12}]}}
    outcome = SYSTEM.resolve_match(TITANOS, VIKING, dice=Dice(1), options={"result": result})
    decisions = {"home": {"dismiss": ["Titanos 7"]}}
    dice = Dice.scripted([4])  # Viking 3's location: the head
    after = SYSTEM.post_match(outcome, dice=dice, options={"decisions": decisions})
    assert after["home"]["log"]["ranking"] == {"before": 20, "change": 3, "after": 23}
    assert after["home"]["log"]["removed"] == [{"gladiator": "Titanos 7", "reason": "dismissed"}]
    assert after["away"]["log"]["removed"] == [{"gladiator": "Viking 3", "reason": "dead"}]
    assert after["away"]["team"]["gladiators"][2]["name"] == "Recruit 1"
    assert after["away"]["team"]["ranking_points"] == 10
    assert [r["purpose"] for r in dice.log()] == ["death risk location Viking 3"]


def test_post_match_of_an_outcome_stored_as_json():
    outcome = SYSTEM.record_result(TITANOS, VIKING, WIN, dice=Dice(1))
    stored = MatchOutcome(
        home_score=outcome.home_score,
        away_score=outcome.away_score,
        winner=outcome.winner,
        decided_by=outcome.decided_by,
        seed=outcome.seed,
        record=json.loads(json.dumps(outcome.record)),
    )
    after = SYSTEM.post_match(stored, dice=Dice(3), options={"xp_per_match": 10})
    assert [g["xp"] for g in after["home"]["team"]["gladiators"]] == [10] * 7
    with pytest.raises(InvalidInput) as error:
        SYSTEM.post_match(outcome, dice=Dice(3), options={"decisions": {"home": {"fire": []}}})
    assert error.value.field == "options.decisions.home.fire"


def test_free_throws_entered_from_the_table_need_tournament_mode():
    result = {**DRAW, "decided_by": "free_throws", "free_throws": {"home": 2, "away": 0}}
    outcome = SYSTEM.record_result(
        TITANOS, VIKING, result, dice=Dice(1), options={"mode": "tournament"}
    )
    assert (outcome.home_score, outcome.away_score, outcome.winner) == (3, 1, "home")
    assert outcome.record["free_throws"] is None  # shot at the table, not by the engine
    with pytest.raises(InvalidInput) as error:
        SYSTEM.record_result(TITANOS, VIKING, result, dice=Dice(1))
    assert error.value.field == "result.decided_by"
