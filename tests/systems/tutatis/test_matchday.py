"""Match-day tools through the service, with scripted dice: every roll stored and shown."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from matches.models import Fixture
from systems.tutatis.models import MatchRoll, Player
from systems.tutatis.services.matchday import match_roll, time_warp

pytestmark = pytest.mark.django_db
ENGINE = "systems.tutatis.engine"


def ref(fixture, side, index):
    return f"{side}:{getattr(fixture, f'{side}_sheet')['players'][index]['id']}"


@pytest.fixture
def kicked(tt_fixture, coach, script_dice):
    script_dice(ENGINE, [3, 4])
    match_roll(user=coach, fixture=tt_fixture, action="weather", inputs={"side": "home"})
    tt_fixture.refresh_from_db()
    return tt_fixture


def test_the_first_roll_kicks_off_and_freezes_the_sheets(kicked):
    assert kicked.status == Fixture.Status.LOCKED
    assert len(kicked.home_sheet["players"]) == 9
    assert kicked.options == {"budget": 600, "time_warp_tokens": 3}
    roll = MatchRoll.objects.get(fixture=kicked)
    assert roll.result == {"roll": 7, "dice": [3, 4], "weather": "ideal"}
    assert [die["value"] for die in roll.rolls] == [3, 4]


def test_the_weather_is_rolled_once(kicked, coach):
    with pytest.raises(ValidationError):
        match_roll(user=coach, fixture=kicked, action="weather", inputs={"side": "home"})


def test_tackle_uses_the_players_strength(kicked, coach, script_dice):
    script_dice(ENGINE, [4, 4, 4, 4])
    # Orc Brute (St 7) + 1 helper against Dwarf Blocker (St 7): the text's 16 against 15
    roll = match_roll(
        user=coach,
        fixture=kicked,
        action="tackle",
        inputs={
            "attacker": ref(kicked, "home", 0),
            "attacker_helpers": 1,
            "defender": ref(kicked, "away", 0),
            "defender_helpers": 0,
        },
    )
    assert (roll.result["attacker_total"], roll.result["defender_total"]) == (16, 15)
    assert roll.result["result"] == "defender_pushed"
    assert roll.side == "home"
    assert roll.label == "Orc Brute 1 → Dwarf Blocker 1"


def keeper_ref(fixture, side):
    players = getattr(fixture, f"{side}_sheet")["players"]
    return next(f"{side}:{p['id']}" for p in players if p["role"] == "goalkeeper")


@pytest.mark.parametrize(("keeper_dice", "points"), [((4, 4), 3), ((4, 5), 1), ((5, 5), 0)])
def test_shot_three_one_nothing(kicked, coach, script_dice, keeper_dice, points):
    # Orc Brute: 6 + 6 + St 7 + BP 6 - 1 square = 24; Dwarf Goalkeeper: 2D6 + Ag 7 + BP 8
    script_dice(ENGINE, [6, 6, *keeper_dice])
    roll = match_roll(
        user=coach,
        fixture=kicked,
        action="shot",
        inputs={
            "shooter": ref(kicked, "home", 0),
            "keeper": keeper_ref(kicked, "away"),
            "distance": 1,
        },
    )
    assert roll.result["shooter_total"] == 24
    assert roll.result["keeper_total"] == sum(keeper_dice) + 15
    assert roll.result["points"] == points


def test_foul_sends_off_on_a_six(kicked, coach, script_dice):
    script_dice(ENGINE, [6, 6, 1, 1, 5, 5, 6])
    roll = match_roll(
        user=coach,
        fixture=kicked,
        action="foul",
        inputs={
            "fouler": ref(kicked, "home", 0),
            "victim": ref(kicked, "away", 0),
        },
    )
    assert roll.result["injury"] == "badly_hurt"
    assert roll.result["sent_off"] is True


def test_a_coach_rolls_only_for_his_side(kicked, other_coach, stranger):
    inputs = {"player": ref(kicked, "home", 0)}
    with pytest.raises(PermissionDenied):
        match_roll(user=other_coach, fixture=kicked, action="fall", inputs=inputs)
    with pytest.raises(PermissionDenied):
        match_roll(user=stranger, fixture=kicked, action="injury", inputs=inputs)


def test_kickoff_checks_return_carried_badly_hurt_on_five(tt_fixture, coach, script_dice):
    Player.objects.filter(team=tt_fixture.home, name="Orc Brute 1").update(badly_hurt=True)
    script_dice(ENGINE, [5, 6])  # weather 11: heat wave, injured back only on a 6
    match_roll(user=coach, fixture=tt_fixture, action="weather", inputs={"side": "home"})
    script_dice(ENGINE, [5])
    roll = match_roll(user=coach, fixture=tt_fixture, action="kickoff", inputs={"side": "home"})
    assert roll.result["still_out"] == ["Orc Brute 1"]
    assert roll.result["rolls"][0]["check"] == "badly_hurt"


def test_time_warp_rerolls_and_the_second_roll_stands(kicked, coach, other_coach, script_dice):
    script_dice(ENGINE, [6, 6])
    first = match_roll(
        user=coach, fixture=kicked, action="injury", inputs={"player": ref(kicked, "home", 0)}
    )
    with pytest.raises(PermissionDenied):
        time_warp(user=other_coach, roll=first)
    script_dice(ENGINE, [1, 1])
    second = time_warp(user=coach, roll=first)
    assert second.replaces == first
    assert second.result["injury"] == "stunned"
    with pytest.raises(ValidationError):
        time_warp(user=coach, roll=first)  # already re-rolled


def test_tokens_run_out(kicked, coach, script_dice):
    script_dice(ENGINE, [2, 2])
    rolls = [
        match_roll(
            user=coach, fixture=kicked, action="injury", inputs={"player": ref(kicked, "home", 0)}
        )
        for _ in range(4)
    ]
    for roll in rolls[:3]:
        time_warp(user=coach, roll=roll)
    with pytest.raises(ValidationError) as caught:
        time_warp(user=coach, roll=rolls[3])
    assert "No Time Warp token" in caught.value.messages[0]


def test_a_team_that_breaks_a_rule_cannot_kick_off(tt_fixture, coach):
    Player.objects.filter(team=tt_fixture.home, on_pitch=True).first().delete()
    with pytest.raises(ValidationError) as caught:
        match_roll(user=coach, fixture=tt_fixture, action="weather", inputs={"side": "home"})
    assert "6 players are on the pitch" in caught.value.message_dict["home"][0]
    tt_fixture.refresh_from_db()
    assert tt_fixture.status == Fixture.Status.SCHEDULED
    assert not MatchRoll.objects.exists()
