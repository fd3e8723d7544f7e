"""Team creation: every rule of "Création d'équipes", with its code and its message."""

from __future__ import annotations

import pytest

from rules_engine.errors import InvalidInput
from rules_engine.mythril import Draft, Pick, Prices, TeamList, check_team
from tests.engine.mythril.builders import ORC_LIST, draft, orcs

BUDGET = 1_000_000


def rules(check):
    return [error.rule for error in check.errors]


def only_error(check, rule):
    assert not check.ok
    assert rules(check) == [rule]
    return check.errors[0].message


def test_a_legal_team_passes_and_costs_players_popularity_and_pitch():
    check = check_team(orcs(), draft(popularity=3, pitch="ice"), BUDGET, Prices())
    assert check.ok and check.errors == ()
    assert check.cost == 11 * 50_000 + 3 * 10_000 + 10_000


def test_the_lawn_is_free_and_the_other_pitches_cost_10000():
    lawn = check_team(orcs(), draft(pitch="lawn"), BUDGET, Prices())
    covered = check_team(orcs(), draft(pitch="covered"), BUDGET, Prices())
    assert covered.cost - lawn.cost == 10_000
    assert lawn.cost == 11 * 50_000 + 10_000


def test_budget_exceeded_names_the_cost_and_the_budget():
    check = check_team(orcs(), draft(linemen=16, popularity=10, pitch="ice"), 900_000, Prices())
    message = only_error(check, "budget_exceeded")
    assert check.cost == 16 * 50_000 + 100_000 + 10_000
    assert "budget" in message.lower() and "910,000" in message and "900,000" in message


def test_exactly_the_budget_is_allowed():
    check = check_team(orcs(), draft(), 11 * 50_000 + 10_000, Prices())
    assert check.ok


def test_too_few_players():
    message = only_error(check_team(orcs(), draft(linemen=10), BUDGET, Prices()), "too_few_players")
    assert "At least 11 players" in message and "10" in message


def test_champions_count_among_the_eleven_players():
    check = check_team(
        orcs(), draft(Pick(champion="Varag Ghoul-Chewer"), linemen=10), BUDGET, Prices()
    )
    assert check.ok


def test_popularity_at_least_one():
    message = only_error(
        check_team(orcs(), draft(popularity=0), BUDGET, Prices()), "popularity_too_low"
    )
    assert "Popularity at least 1" in message


def test_no_ally_at_creation():
    message = only_error(check_team(orcs(), draft(allies=2), BUDGET, Prices()), "ally_at_creation")
    assert "No ally at creation" in message


def test_only_positions_of_the_list():
    check = check_team(orcs(), draft(Pick(position="Wardancer")), BUDGET, Prices())
    message = only_error(check, "position_not_in_list")
    assert "Wardancer" in message and "Orc list" in message


def test_position_maximum():
    picks = [Pick(position="Blitzer")] * 5
    message = only_error(check_team(orcs(), draft(*picks), 2_000_000, Prices()), "position_max")
    assert "5 Blitzer for at most 4" in message


def test_champion_of_another_race_or_unknown():
    check = check_team(orcs(), draft(Pick(champion="Griff Oberwald")), BUDGET, Prices())
    message = only_error(check, "champion_wrong_race")
    assert "Griff Oberwald" in message and "Orc" in message
    unknown = check_team(orcs(), draft(Pick(champion="Nobody")), BUDGET, Prices())
    assert rules(unknown) == ["champion_wrong_race"]


def test_each_champion_at_most_once():
    picks = [Pick(champion="Varag Ghoul-Chewer")] * 2
    message = only_error(check_team(orcs(), draft(*picks), 2_000_000, Prices()), "champion_twice")
    assert "at most once" in message and "2 times" in message


def test_at_most_two_big_guys_champions_included():
    two = check_team(
        orcs(), draft(Pick(position="Troll"), Pick(champion="Morg 'n' Thorg")), 2_000_000, Prices()
    )
    assert two.ok
    data = ORC_LIST | {
        "positions": [*ORC_LIST["positions"][:2], ORC_LIST["positions"][2] | {"max": 2}]
    }
    three = check_team(
        TeamList.from_dict(data),
        draft(Pick(position="Troll"), Pick(position="Troll"), Pick(champion="Morg 'n' Thorg")),
        2_000_000,
        Prices(),
    )
    message = only_error(three, "too_many_big_guys")
    assert "At most 2 big guys" in message and "3" in message


def test_every_broken_rule_is_listed_once_in_a_fixed_order():
    bad = Draft(
        (Pick(position="Troll"), Pick(position="Troll"), Pick(champion="Griff Oberwald")),
        popularity=0,
        allies=1,
    )
    check = check_team(orcs(), bad, 100_000, Prices())
    assert rules(check) == [
        "budget_exceeded",
        "too_few_players",
        "popularity_too_low",
        "ally_at_creation",
        "position_max",
        "champion_wrong_race",
    ]


def test_league_prices_change_the_cost():
    prices = Prices.from_dict({"popularity_point": 20_000, "home_pitch": 5_000})
    check = check_team(orcs(), draft(popularity=2, pitch="terraflex"), BUDGET, prices)
    assert check.cost == 11 * 50_000 + 40_000 + 5_000


def test_an_unknown_pitch_is_bad_input_naming_the_field():
    with pytest.raises(InvalidInput) as caught:
        check_team(orcs(), draft(pitch="moon"), BUDGET, Prices())
    assert caught.value.field == "team.home_pitch"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"race": "Orc"}, "team_list.positions"),
        (
            {"race": "Orc", "positions": [{"name": "Lineman", "max": 16}]},
            "team_list.positions.0.cost",
        ),
        (
            {"race": "Orc", "positions": [{"name": "X", "cost": 1, "max": 1, "big_guy": "yes"}]},
            "team_list.positions.0.big_guy",
        ),
        (
            {
                "race": "Orc",
                "positions": [{"name": "X", "cost": 1, "max": 1}],
                "champions": [{"name": "C", "cost": 1, "races": []}],
            },
            "team_list.champions.0.races",
        ),
    ],
)
def test_bad_team_lists_name_the_field(data, field):
    with pytest.raises(InvalidInput) as caught:
        TeamList.from_dict(data)
    assert caught.value.field == field


def test_a_pick_names_a_position_or_a_champion():
    with pytest.raises(InvalidInput) as caught:
        Draft.from_dict({"players": [{"position": "A", "champion": "B"}], "popularity": 1})
    assert caught.value.field == "team.players.0"


def test_team_lists_round_trip_through_dicts():
    assert TeamList.from_dict(orcs().to_dict()) == orcs()
