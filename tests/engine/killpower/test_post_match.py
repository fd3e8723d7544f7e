"""The post-match sequence, with scripted dice: every step and what it rolled."""

import pytest

from rules_engine import InvalidInput
from rules_engine.dice import Dice
from rules_engine.killpower import (
    Decisions,
    KillpowerSettings,
    Outcome,
    Side,
    parse_report,
    parse_team,
    post_match,
)
from rules_engine.killpower.power import DEFAULT_TARGETS
from tests.engine.killpower.builders import team

# Builder specializations by number: 1 archer, 2 defender, 3 warrior, 4 mentor, 5 shooter,
# 6 archer, 7 defender; every gladiator has combat gloves and 5 XP.
TITANOS = parse_team(team("Titanos", ranking_points=15, xp=5))
VIKING = parse_team(team("Viking", ranking_points=20, xp=5))
PLAYED = [f"Titanos {i}" for i in range(1, 7)]  # Titanos 7 sat the match out

REPORT = {
    "score": {"home": 3, "away": 0},
    "home_power": 12,
    "away_power": 19,
    "home": {
        "played": PLAYED,
        "comas": [
            {"gladiator": "Titanos 2", "state": -11},
            {"gladiator": "Titanos 3", "state": -12},
            {"gladiator": "Titanos 4", "state": -20, "location": "left_arm"},  # an aimed blow
        ],
        "equipment_lost": ["Titanos 5"],
        "armour_lost": {"Titanos 6": 1},
    },
}
DECISIONS = {
    "dismiss": ["Titanos 1"],
    "recruits": [{"name": "Tom", "specialization": "shooter", "equipment": "magic_armour"}],
    "raises": {"Titanos 2": ["PHY"]},
    "redraw": {"Titanos 6": "power_cards"},
}
# Death risk: Titanos 2 rolls 9 (left leg: -11 is a coma), Titanos 3 rolls 4 (head: dead);
# Tom's magic armour 1D10 = 5 (1D5 = 3); Titanos 6 draws card 2 of 2, then card 1 of 1.
ROLLS = [9, 4, 5, 2, 1]


def report(data=REPORT):
    return parse_report(data, TITANOS, VIKING, table=DEFAULT_TARGETS)


def run(data=REPORT, decisions=DECISIONS, rolls=ROLLS, side=Side.HOME, settings=None, team=TITANOS):
    return post_match(
        team,
        report(data),
        side,
        dice=Dice.scripted(rolls),
        decisions=Decisions.parse(decisions),
        settings=settings or KillpowerSettings(),
    )


def test_the_whole_sequence():
    result = run()
    log = result.log
    assert result.outcome is Outcome.WIN
    # 1. ranking points: +3, +1 for Viking's higher division.
    assert log["ranking"] == {"before": 15, "change": 4, "after": 19}
    assert result.team.ranking_points == 19
    assert result.team.record.to_dict() == {
        "played": 1,
        "won": 1,
        "lost": 0,
        "drawn": 0,
        "abandoned": 0,
    }
    # 2. death risk
    assert log["death_risk"] == [
        {"gladiator": "Titanos 2", "state": -11, "roll": 9, "location": "left_leg", "region": "limb", "fate": "coma"},
        {"gladiator": "Titanos 3", "state": -12, "roll": 4, "location": "head", "region": "head", "fate": "dead"},
        {"gladiator": "Titanos 4", "state": -20, "roll": None, "location": "left_arm", "region": "limb", "fate": "dead"},
    ]  # fmt: skip
    # 3. the dead and the dismissed leave
    assert log["removed"] == [
        {"gladiator": "Titanos 3", "reason": "dead"},
        {"gladiator": "Titanos 4", "reason": "dead"},
        {"gladiator": "Titanos 1", "reason": "dismissed"},
    ]
    # 4. recruits take the places left, the coach's first
    assert log["recruits"] == ["Tom", "Recruit 1", "Recruit 2"]
    assert result.team.names == (
        "Tom", "Titanos 2", "Recruit 1", "Recruit 2", "Titanos 5", "Titanos 6", "Titanos 7",
    )  # fmt: skip
    tom, recruit_1, recruit_2 = (result.team.gladiator(n) for n in log["recruits"])
    assert (tom.armour, tom.characteristics["BAL"], tom.xp) == (9, 5, 0)
    assert (recruit_1.specialization.value, recruit_1.equipment.kind.value) == (
        "warrior",
        "combat_gloves",
    )
    assert (recruit_2.specialization.value, recruit_2.equipment.kind.value) == (
        "mentor",
        "combat_gloves",
    )
    # 5. +5 XP for those who played and stay, then the raises chosen
    assert log["experience"] == [
        {"gladiator": "Titanos 2", "xp": 10, "raises_available": 1},
        {"gladiator": "Titanos 5", "xp": 10, "raises_available": 1},
        {"gladiator": "Titanos 6", "xp": 10, "raises_available": 1},
    ]
    assert result.team.gladiator("Titanos 7").xp == 5
    assert log["raises"] == [{"gladiator": "Titanos 2", "characteristic": "PHY", "value": 5}]
    assert result.team.gladiator("Titanos 2").raises_available == 0
    # 6. equipment: forced for the lost one (same kind), chosen for Titanos 6
    assert log["equipment"] == [
        {"gladiator": "Titanos 5", "before": {"kind": "combat_gloves"}, "after": {"kind": "combat_gloves"}, "forced": True},
        {
            "gladiator": "Titanos 6",
            "before": {"kind": "combat_gloves"},
            "after": {"kind": "power_cards", "cards": ["Rayon laser", "Fantôme"]},
            "forced": False,
        },
    ]  # fmt: skip
    # 7. armour
    assert log["armour_restored"] == ["Titanos 6"]
    assert log["ignored"] == []
    # Every roll, in order, with its purpose.
    assert result.rolls == [
        {"die": "d10", "value": 9, "purpose": "death risk location Titanos 2"},
        {"die": "d10", "value": 4, "purpose": "death risk location Titanos 3"},
        {"die": "d10", "value": 5, "purpose": "magic armour Tom"},
        {"die": "d2", "value": 2, "purpose": "power card Titanos 6"},
        {"die": "d1", "value": 1, "purpose": "power card Titanos 6"},
    ]
    assert len(result.team.gladiators) == 7
    assert parse_team(result.team.to_dict()) == result.team


def test_the_same_seed_replays_the_same_sequence():
    first = post_match(
        TITANOS, report(), Side.HOME, dice=Dice(42), decisions=Decisions.parse(DECISIONS)
    )
    again = post_match(
        TITANOS, report(), Side.HOME, dice=Dice(42), decisions=Decisions.parse(DECISIONS)
    )
    assert first.to_dict() == again.to_dict()


def test_the_loser_side_and_a_quiet_match():
    viking = run(decisions=None, rolls=[], side=Side.AWAY, team=VIKING)
    assert viking.outcome is Outcome.LOSS
    assert viking.log["ranking"] == {"before": 20, "change": -2, "after": 18}
    assert viking.team.names == VIKING.names  # nobody died, nobody left
    assert [g.xp for g in viking.team.gladiators] == [10] * 7  # "played" defaults to all
    assert viking.rolls == []


def test_draw_and_abandon_records():
    draw = run({**REPORT, "score": {"home": 1, "away": 1}, "home": {}}, decisions=None, rolls=[])
    assert (draw.outcome, draw.team.record.drawn, draw.log["ranking"]["change"]) == (
        Outcome.DRAW,
        1,
        1,
    )
    abandon = {**REPORT, "decided_by": "abandon", "abandoned_by": "home", "home": {}}
    quit_ = run(abandon, decisions=None, rolls=[])
    assert (quit_.outcome, quit_.team.record.abandoned, quit_.team.ranking_points) == (
        Outcome.ABANDON,
        1,
        13,
    )


def test_decisions_about_a_gladiator_who_died_are_ignored():
    decisions = {"raises": {"Titanos 3": ["PHY"]}, "redraw": {"Titanos 3": "magic_armour"}}
    result = run(decisions=decisions, rolls=[9, 4])
    assert result.log["ignored"] == [
        {"gladiator": "Titanos 3", "decision": "raises"},
        {"gladiator": "Titanos 3", "decision": "redraw"},
    ]
    assert result.log["recruits"] == ["Recruit 1", "Recruit 2"]


def test_a_recruit_named_like_a_dismissed_gladiator_gets_no_xp():
    decisions = {
        "dismiss": ["Titanos 5"],
        "recruits": [
            {"name": "Titanos 5", "specialization": "warrior", "equipment": "combat_gloves"}
        ],
    }
    result = run({**REPORT, "home": {"played": PLAYED}}, decisions=decisions, rolls=[])
    assert result.team.gladiator("Titanos 5").xp == 0


def test_tournament_mode_restores_the_team():
    result = run(decisions=None, rolls=[], settings=KillpowerSettings.parse({"mode": "tournament"}))
    assert result.team.gladiators == TITANOS.gladiators
    assert result.team.ranking_points == 15
    assert result.team.record.won == 1
    assert result.rolls == []
    with pytest.raises(InvalidInput) as error:
        run(settings=KillpowerSettings.parse({"mode": "tournament"}))
    assert error.value.field == "decisions"


@pytest.mark.parametrize(
    ("decisions", "field", "message"),
    [
        ({"dismiss": ["Titanos 7"]}, "decisions.dismiss.0", "did not play"),
        ({"dismiss": ["Nobody"]}, "decisions.dismiss.0", "is not in Titanos"),
        ({"redraw": {"Titanos 7": "magic_armour"}}, "decisions.redraw.Titanos 7", "did not play"),
        ({"raises": {"Titanos 7": ["PHY"]}}, "decisions.raises.Titanos 7", "no raise left"),
        ({"raises": {"Titanos 5": ["PHY", "HAB"]}}, "decisions.raises.Titanos 5", "no raise left"),
        ({"raises": {"Nobody": ["PHY"]}}, "decisions.raises.Nobody", "not in the team"),
        ({"raises": {"Titanos 5": ["LUCK"]}}, "decisions.raises.Titanos 5.0", "must be one of"),
        ({"redraw": {"Titanos 5": "sword"}}, "decisions.redraw.Titanos 5", "must be one of"),
        (
            {
                "recruits": [
                    {"name": "Titanos 2", "specialization": "warrior", "equipment": "combat_gloves"}
                ]
            },
            "decisions.recruits.0.name",
            "is taken",
        ),
        (
            {
                "recruits": [
                    {"name": f"N{i}", "specialization": "warrior", "equipment": "combat_gloves"}
                    for i in range(3)
                ]
            },
            "decisions.recruits",
            "2 places",
        ),
        ({"sack": []}, "decisions.sack", "not known"),
    ],
)
def test_bad_decisions_name_their_field(decisions, field, message):
    with pytest.raises(InvalidInput) as error:
        run(decisions=decisions, rolls=[9, 4, 1, 1, 1, 1])
    assert error.value.field == field
    assert message in error.value.message


def test_record_of_counts_each_outcome_as_the_post_match_sequence_does():
    from rules_engine.killpower import Outcome
    from rules_engine.killpower.post_match import record_of

    outcomes = [Outcome.WIN, Outcome.ABANDON, Outcome.DRAW, Outcome.WIN, Outcome.LOSS]
    assert record_of(outcomes).to_dict() == {
        "played": 5,
        "won": 2,
        "lost": 1,
        "drawn": 1,
        "abandoned": 1,
    }
    assert record_of([]).to_dict() == dict.fromkeys(
        ("played", "won", "lost", "drawn", "abandoned"), 0
    )
