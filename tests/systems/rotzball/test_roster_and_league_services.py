import pytest
from django.core.exceptions import ValidationError

from league import services
from systems.rotzball import services as roster_services
from systems.rotzball.models import LineupSlot, Player
from tests.factories import coach_rule, tactic

pytestmark = pytest.mark.django_db


def test_league_create_makes_the_user_commissioner_with_a_first_season(commissioner):
    league = services.league_create(
        commissioner=commissioner, name="Reikland Trophy", coach_rule="difference"
    )

    assert league.commissioner == commissioner
    assert coach_rule(league) == "difference"
    assert league.seasons.count() == 1


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"coach_rule": "dice"}, "coach_rule"),
        ({"points_win": 11}, "points_win"),
        ({"tiebreakers": ["points", "luck"]}, "tiebreakers"),
        ({"tiebreakers": ["points", "points"]}, "tiebreakers"),
        ({"tiebreakers": []}, "tiebreakers"),
        ({"commissioner": None}, "commissioner"),
    ],
)
def test_league_update_refuses_bad_settings_naming_the_field(league, changes, field):
    with pytest.raises(ValidationError) as error:
        services.league_update(league=league, **changes)

    assert field in error.value.message_dict
    assert coach_rule(league) == "test"


def test_player_characteristics_must_be_percentages(team):
    with pytest.raises(ValidationError) as error:
        roster_services.player_create(
            team=team, name="Hans", endurance=0, agility=101, strength=50, intelligence=50
        )

    assert set(error.value.message_dict) == {"endurance", "agility"}
    assert not Player.objects.filter(name="Hans").exists()


def test_a_name_is_unique_in_its_team_capitals_aside_within_a_batch_too(team, other_team):
    stats = {"endurance": 50, "agility": 50, "strength": 50, "intelligence": 50}
    twice = [(team, {"name": "Otto", **stats}), (team, {"name": "otto", **stats})]
    with pytest.raises(ValidationError):
        roster_services.players_create(players=twice)
    otto, _elsewhere = roster_services.players_create(
        players=[(team, {"name": "Otto", **stats}), (other_team, {"name": "Otto", **stats})]
    )
    roster_services.player_update(player=otto, name="Otto", endurance=60)  # his own name
    with pytest.raises(ValidationError):
        roster_services.player_create(team=team, name="OTTO", **stats)
    klaus = roster_services.player_create(team=team, name="Klaus", **stats)
    with pytest.raises(ValidationError):
        roster_services.player_update(player=klaus, name="otto")


def test_lineup_refuses_one_player_in_two_positions(team):
    players = list(team.players.all())
    before = dict(team.lineup_slots.values_list("position", "player"))

    with pytest.raises(ValidationError) as error:
        roster_services.lineup_set(
            team=team, assignments={"passer": players[0].pk, "coach": players[0].pk}
        )

    assert "coach" in error.value.message_dict or "passer" in error.value.message_dict
    assert dict(team.lineup_slots.values_list("position", "player")) == before


def test_lineup_refuses_another_teams_player(team, other_team):
    stranger = other_team.players.first()

    with pytest.raises(ValidationError) as error:
        roster_services.lineup_set(team=team, assignments={"passer": stranger.pk})

    assert "passer" in error.value.message_dict


def test_lineup_replaces_positions_and_leaves_reserves(team):
    players = list(team.players.order_by("pk"))
    roster_services.lineup_set(
        team=team, assignments={"passer": players[-1].pk, "attacker_1": players[0].pk}
    )

    assert dict(team.lineup_slots.values_list("position", "player")) == {
        LineupSlot.Position.PASSER: players[-1].pk,
        LineupSlot.Position.ATTACKER_1: players[0].pk,
    }


def test_match_plan_accepts_only_the_three_tactics(team):
    roster_services.team_set_match_plan(team=team, tactic="defensive")
    with pytest.raises(ValidationError) as error:
        roster_services.team_set_match_plan(team=team, tactic="reckless")

    team.refresh_from_db()
    assert tactic(team) == "defensive"
    assert "tactic" in error.value.message_dict


def test_team_colours_are_validated(league):
    with pytest.raises(ValidationError) as error:
        services.team_register(league=league, name="Bad", primary_colour="red")

    assert "primary_colour" in error.value.message_dict
