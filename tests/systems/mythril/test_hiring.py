"""After creation: hire and fire, allies (1 popularity, or 10,000 gold at popularity 1; each
position's ally limit), champions once, at most 2 big guys, the apothecary, the line-up's
5 allies at most. Every refusal names the rule and moves no gold."""

import pytest

from core.refusals import Refused
from systems.mythril.models import Player, Position, TeamProfile
from systems.mythril.selectors import gold_of
from systems.mythril.services.teams import apothecary_hire, lineup_check, player_fire, player_hire
from systems.mythril.services.treasury import Reason, treasury_credit


def hire_refused(team, user, **kwargs) -> Refused:
    before = (gold_of(team), Player.objects.filter(team=team).count())
    with pytest.raises(Refused) as caught:
        player_hire(team=team, user=user, **kwargs)
    assert (gold_of(team), Player.objects.filter(team=team).count()) == before
    return caught.value


def test_a_hire_is_paid_from_the_treasury(home_team, coach):
    before = gold_of(home_team)
    player = player_hire(team=home_team, user=coach, position="Blitzer", name="Griff Jr")
    assert gold_of(home_team) == before - 90_000
    assert (player.number, player.name, player.ally) == (12, "Griff Jr", False)


def test_an_ally_costs_a_popularity_point(home_team, coach):
    TeamProfile.objects.filter(team=home_team).update(popularity=3)
    before = gold_of(home_team)
    player = player_hire(team=home_team, user=coach, position="Blocker", race="Dwarf")
    assert player.ally and player.race == "Dwarf"
    assert gold_of(home_team) == before - 70_000
    assert TeamProfile.objects.get(team=home_team).popularity == 2


def test_at_popularity_1_an_ally_costs_10000_gold_instead(home_team, coach):
    before = gold_of(home_team)
    player_hire(team=home_team, user=coach, position="Blocker", race="Dwarf")
    assert gold_of(home_team) == before - 70_000 - 10_000
    assert TeamProfile.objects.get(team=home_team).popularity == 1


def test_the_ally_limit_of_a_position(home_team, coach):
    player_hire(team=home_team, user=coach, position="Runner", race="Dwarf")
    error = hire_refused(home_team, coach, position="Runner", race="Dwarf")
    assert error.code == "ally_limit"
    assert "Ally limit: 2 Dwarf Runner for at most 1" in error.message


def test_allies_only_from_the_lists_allied_races(home_team, coach):
    error = hire_refused(home_team, coach, position="Goblin", race="Orc")
    assert error.code == "ally_not_allowed"
    assert "Human takes no Orc allies" in error.message


def test_a_position_maximum_and_the_champions_race(home_team, coach):
    player_hire(team=home_team, user=coach, position="Thrower")
    player_hire(team=home_team, user=coach, position="Thrower")
    assert hire_refused(home_team, coach, position="Thrower").code == "position_max"
    error = hire_refused(home_team, coach, champion="Grim Ironjaw")
    assert error.code == "champion_wrong_race"


def test_each_champion_once_and_at_most_two_big_guys(home_team, coach):
    treasury_credit(team=home_team, amount=2_000_000, reason=Reason.GRANT)
    player_hire(team=home_team, user=coach, position="Ogre")
    player_hire(team=home_team, user=coach, champion="Morg 'n' Thorg")
    error = hire_refused(home_team, coach, champion="Morg 'n' Thorg")
    assert error.code == "champion_twice"
    assert "Each champion at most once: \"Morg 'n' Thorg\" is already hired" in error.message
    Position.objects.filter(team_list__league=home_team.league, name="Catcher").update(big_guy=True)
    error = hire_refused(home_team, coach, position="Catcher")
    assert error.code == "too_many_big_guys"
    assert "At most 2 big guys: the team would have 3" in error.message


def test_the_treasury_must_hold_the_price(home_team, coach):
    player_hire(team=home_team, user=coach, position="Blitzer")
    error = hire_refused(home_team, coach, champion="Morg 'n' Thorg")
    assert error.code == "treasury_exceeded"
    assert "the hire costs 430,000 gold, the treasury holds 350,000" in error.message


def test_only_the_coach_or_the_commissioner_hires(home_team, other_coach, commissioner):
    assert hire_refused(home_team, other_coach, position="Lineman").code == "forbidden"
    player_hire(team=home_team, user=commissioner, position="Lineman")


def test_fire_leaves_the_roster_and_frees_the_number(home_team, coach):
    player = Player.objects.get(team=home_team, number=11)
    player_fire(player=player, user=coach)
    assert Player.objects.get(pk=player.pk).status == "fired"
    assert player_hire(team=home_team, user=coach, position="Lineman").number == 11
    with pytest.raises(Refused):
        player_fire(player=player, user=coach)


def test_the_apothecary_once(home_team, coach):
    before = gold_of(home_team)
    apothecary_hire(team=home_team, user=coach)
    assert gold_of(home_team) == before - 50_000
    with pytest.raises(Refused) as caught:
        apothecary_hire(team=home_team, user=coach)
    assert caught.value.code == "apothecary_twice"


def test_a_lineup_fields_at_most_5_allies(home_team, coach):
    TeamProfile.objects.filter(team=home_team).update(popularity=10)
    treasury_credit(team=home_team, amount=1_000_000, reason=Reason.GRANT)
    Position.objects.filter(team_list__league=home_team.league, name="Troll Slayer").update(
        ally_limit=2
    )  # the sample's dwarves give 5 allies at most: the league edits its data
    for position in ("Blocker", "Blocker", "Runner", "Blitzer", "Troll Slayer", "Troll Slayer"):
        player_hire(team=home_team, user=coach, position=position, race="Dwarf")
    allies = list(Player.objects.filter(team=home_team, ally=True).values_list("pk", flat=True))
    own = list(Player.objects.filter(team=home_team, ally=False).values_list("pk", flat=True))
    assert len(allies) == 6
    assert lineup_check(team=home_team, player_ids=own[:6] + allies[:5]) == {
        "ok": True,
        "errors": [],
    }
    verdict = lineup_check(team=home_team, player_ids=own[:5] + allies)
    assert verdict["errors"] == [
        {
            "rule": "too_many_allies_on_pitch",
            "message": "At most 5 allies on the pitch at once: the line-up has 6",
        }
    ]
    verdict = lineup_check(team=home_team, player_ids=own[:7] + allies[:5])
    assert [e["rule"] for e in verdict["errors"]] == ["too_many_on_pitch"]


def test_the_roster_is_frozen_between_kick_off_and_the_post_match_sequence(
    fixture, home_team, coach, other_coach
):
    from rules_engine import Dice
    from systems.mythril.services.post_match import post_match_run
    from tests.systems.mythril.helpers import enter_and_confirm, kick_off

    kick_off(fixture)
    error = hire_refused(home_team, coach, position="Lineman")
    assert error.code == "roster_frozen"
    enter_and_confirm(fixture, {"score": {"home": 0, "away": 0}}, by=coach, confirm_by=other_coach)
    assert hire_refused(home_team, coach, position="Lineman").code == "roster_frozen"
    post_match_run(fixture_id=fixture.pk, dice=Dice(3))
    player_hire(team=home_team, user=coach, position="Lineman")
