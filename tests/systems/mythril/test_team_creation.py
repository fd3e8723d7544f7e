"""Team creation (the engine's check_team): every refusal names its rule and changes nothing;
a team that passes gets the league's starting gold and pays what it bought, in the ledger."""

import pytest

from core.refusals import Refused
from league.models import Team
from league.services import league_update
from ledger.models import Account, Transaction
from systems.mythril.models import Player, Position, TeamProfile
from systems.mythril.reasons import Reason
from systems.mythril.selectors import gold_of
from systems.mythril.services.teams import draft_check, mythril_team_register
from tests.systems.mythril.conftest import humans


def refused(make_team, coach, **kwargs) -> Refused:
    with pytest.raises(Refused) as caught:
        make_team("Refused", coach, **kwargs)
    assert not Team.objects.filter(name="Refused").exists()
    assert not Account.objects.filter(kind="treasury", team__name="Refused").exists()
    return caught.value


@pytest.mark.parametrize(
    ("kwargs", "rule", "words"),
    [
        (
            {"players": humans(11, Ogre=1, Blitzer=4, Catcher=4, Thrower=2)},
            "budget_exceeded",
            "Creation budget: the team costs 1,480,000 gold, over the 1,000,000 allowed",
        ),
        ({"players": humans(10)}, "too_few_players", "At least 11 players: the team has 10"),
        ({"popularity": 0}, "popularity_too_low", "Popularity at least 1: the team has 0"),
        (
            {"players": humans(11, **{"Black Orc Blocker": 1})},
            "position_not_in_list",
            "Positions of the team's list only: 'Black Orc Blocker' is not a position of the "
            "Human list",
        ),
        (
            {"players": humans(11, Thrower=3)},
            "position_max",
            "Position maximum: 3 Thrower for at most 2",
        ),
        (
            {"players": [*humans(11), {"champion": "Varag Ghoul-Chewer"}]},
            "champion_wrong_race",
            "Champions who play for the team's race only: 'Varag Ghoul-Chewer' does not play for "
            "Human",
        ),
        (
            {
                "players": [
                    *humans(11),
                    {"champion": "Griff Oberwald"},
                    {"champion": "Griff Oberwald"},
                ],
                "popularity": 1,
            },
            "champion_twice",
            "Each champion at most once: 'Griff Oberwald' is picked 2 times",
        ),
    ],
)
def test_each_refusal_names_its_rule(make_team, coach, kwargs, rule, words):
    error = refused(make_team, coach, **kwargs)
    assert rule in [e["rule"] for e in error.extra["errors"]]
    assert error.code == error.extra["errors"][0]["rule"]
    assert words in error.message


def test_too_many_big_guys_is_refused_with_the_rule(league, make_team, coach):
    league_update(league=league, starting_gold=3_000_000)
    players = [*humans(11, Ogre=1), {"champion": "Morg 'n' Thorg"}]
    verdict = draft_check(league=league, team_list="Human", players=players, popularity=1)
    assert verdict["ok"]  # two big guys: allowed
    Position.objects.filter(team_list__league=league, name="Blitzer").update(big_guy=True)
    error = refused(make_team, coach, players=[*players, {"position": "Blitzer"}])
    assert error.code == "too_many_big_guys"
    assert "At most 2 big guys: the team has 3" in error.message


def test_no_ally_at_creation(league):
    verdict = draft_check(
        league=league, team_list="Human", players=humans(), popularity=1, allies=1
    )
    assert verdict["errors"] == [
        {"rule": "ally_at_creation", "message": "No ally at creation: the team has 1"}
    ]


def test_every_broken_rule_is_listed(league):
    verdict = draft_check(
        league=league, team_list="Human", players=humans(5, Thrower=3), popularity=0
    )
    assert not verdict["ok"]
    assert [e["rule"] for e in verdict["errors"]] == [
        "too_few_players",
        "popularity_too_low",
        "position_max",
    ]


def test_a_valid_team_gets_the_starting_gold_and_pays_its_cost(make_team, coach):
    team = make_team(
        "Reavers", coach, players=humans(11, Blitzer=2), popularity=2, home_pitch="ice"
    )
    cost = 11 * 50_000 + 2 * 90_000 + 2 * 10_000 + 10_000
    assert gold_of(team) == 1_000_000 - cost
    reasons = list(
        Transaction.objects.filter(entries__account__team=team)
        .order_by("pk")
        .values_list("reason", flat=True)
    )
    assert reasons == [Reason.GRANT, Reason.PURCHASE]
    profile = TeamProfile.objects.get(team=team)
    assert (profile.popularity, profile.home_pitch.name) == (2, "ice")
    players = Player.objects.filter(team=team)
    assert players.count() == 13
    assert list(players.order_by("number").values_list("number", flat=True)) == list(range(1, 14))
    blitzer = players.get(position__name="Blitzer", number=12)
    assert blitzer.profile == {"ma": 7, "st": 3, "ag": 3, "av": 8}
    assert blitzer.start == blitzer.profile and blitzer.skills == ["Block"]


def test_the_lawn_is_free_and_the_starting_gold_is_a_league_setting(league, make_team, coach):
    league_update(league=league, starting_gold=600_000)
    team = make_team("Reavers", coach)
    assert gold_of(team) == 600_000 - 11 * 50_000 - 10_000
    error = refused(make_team, coach, players=humans(12))
    assert error.code == "budget_exceeded"
    assert "over the 600,000 allowed" in error.message


def test_an_unknown_list_or_pitch_is_named(league, coach):
    with pytest.raises(Refused) as caught:
        mythril_team_register(
            league=league, name="X", coach=coach, team_list="Elf", players=humans()
        )
    assert caught.value.field == "team_list"
    with pytest.raises(Refused) as caught:
        mythril_team_register(
            league=league,
            name="X",
            coach=coach,
            team_list="Human",
            players=humans(),
            home_pitch="moon",
        )
    assert caught.value.field == "team.home_pitch"
