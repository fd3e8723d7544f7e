"""After creation: allies (cost and limits), hires, line-ups, the apothecaries."""

from __future__ import annotations

from rules_engine.dice import Dice
from rules_engine.mythril import (
    Apothecary,
    Pick,
    Prices,
    TeamList,
    ally_cost,
    apothecary_for,
    beginner_apothecary_roll,
    check_hire,
    check_lineup,
)
from rules_engine.mythril.hiring import team_rating
from tests.engine.mythril.builders import GOBLIN_LIST, goblins, orcs, player

ROSTER = tuple(player(str(n)) for n in range(11))


def codes(errors):
    return [error.rule for error in errors]


def test_an_ally_costs_one_popularity_point():
    assert ally_cost(2).popularity == 1 and ally_cost(2).gold == 0


def test_an_ally_costs_10000_gold_when_popularity_is_down_to_one():
    assert ally_cost(1).popularity == 0 and ally_cost(1).gold == 10_000
    assert ally_cost(0).gold == 10_000


def test_hiring_an_ally_pays_his_price_and_a_popularity_point():
    check = check_hire(
        goblins(), (), Pick(position="Blitzer"), treasury=100_000, popularity=3, source=orcs()
    )
    assert check.ok and check.ally
    assert (check.gold, check.popularity) == (80_000, 1)


def test_hiring_an_ally_at_popularity_one_pays_10000_more_gold():
    check = check_hire(
        goblins(), (), Pick(position="Blitzer"), treasury=90_000, popularity=1, source=orcs()
    )
    assert check.ok and (check.gold, check.popularity) == (90_000, 0)
    short = check_hire(
        goblins(), (), Pick(position="Blitzer"), treasury=89_999, popularity=1, source=orcs()
    )
    assert codes(short.errors) == ["treasury_exceeded"]
    assert "90,000" in short.errors[0].message


def test_the_text_example_orcs_have_four_blitzers_goblins_one_as_an_ally():
    orc_roster = tuple(player(f"b{n}", position="Blitzer") for n in range(3))
    assert check_hire(orcs(), orc_roster, Pick(position="Blitzer"), treasury=10**6, popularity=2).ok
    one = (player("x", position="Blitzer", race="Orc", ally=True),)
    check = check_hire(
        goblins(), one, Pick(position="Blitzer"), treasury=10**6, popularity=5, source=orcs()
    )
    assert codes(check.errors) == ["ally_limit"]
    assert "Ally limit" in check.errors[0].message and "at most 1" in check.errors[0].message


def test_allies_only_from_the_races_the_list_names():
    humans = TeamList.from_dict(
        GOBLIN_LIST | {"race": "Human", "allies": [], "positions": GOBLIN_LIST["positions"]}
    )
    check = check_hire(
        humans, (), Pick(position="Blitzer"), treasury=10**6, popularity=5, source=orcs()
    )
    assert codes(check.errors) == ["ally_not_allowed"]


def test_a_position_without_ally_limit_is_never_an_ally():
    check = check_hire(
        goblins(), (), Pick(position="Lineman"), treasury=10**6, popularity=5, source=orcs()
    )
    assert codes(check.errors) == ["ally_limit"]


def test_own_positions_keep_their_maximum():
    four = tuple(player(f"b{n}", position="Blitzer") for n in range(4))
    check = check_hire(orcs(), four, Pick(position="Blitzer"), treasury=10**6, popularity=2)
    assert codes(check.errors) == ["position_max"]
    assert not check.ally and check.popularity == 0


def test_big_guys_stay_at_two_when_hiring():
    two = (player("t1", big_guy=True), player("t2", big_guy=True, race="Goblin", ally=True))
    check = check_hire(orcs(), two, Pick(position="Troll"), treasury=10**6, popularity=2)
    assert codes(check.errors) == ["too_many_big_guys"]


def test_champions_after_creation_once_and_of_the_race():
    hired = (player("m", champion=True, position="Varag Ghoul-Chewer"),)
    again = check_hire(
        orcs(), hired, Pick(champion="Varag Ghoul-Chewer"), treasury=10**6, popularity=2
    )
    assert codes(again.errors) == ["champion_twice"]
    other = check_hire(orcs(), (), Pick(champion="Griff Oberwald"), treasury=10**6, popularity=2)
    assert codes(other.errors) == ["champion_wrong_race"]
    assert other.popularity == 0  # a champion is not an ally


def test_a_line_up_holds_at_most_five_allies():
    five = ROSTER[:6] + tuple(player(f"a{n}", ally=True) for n in range(5))
    assert check_lineup(five) == ()
    six = ROSTER[:5] + tuple(player(f"a{n}", ally=True) for n in range(6))
    errors = check_lineup(six)
    assert codes(errors) == ["too_many_allies_on_pitch"]
    assert "At most 5 allies" in errors[0].message


def test_allies_do_not_count_against_the_own_position_maximum():
    own = tuple(player(f"b{n}", position="Blitzer") for n in range(3))
    allies = tuple(player(f"h{n}", position="Blitzer", race="Human", ally=True) for n in range(2))
    check = check_hire(orcs(), own + allies, Pick(position="Blitzer"), treasury=10**6, popularity=2)
    assert check.ok


def test_a_line_up_has_at_most_two_big_guys_one_of_each_champion_eleven_players():
    big = ROSTER[:8] + tuple(player(f"t{n}", big_guy=True) for n in range(3))
    assert codes(check_lineup(big)) == ["too_many_big_guys"]
    twice = ROSTER[:9] + (player("c1", champion=True, position="Morg"),) * 2
    assert codes(check_lineup(twice)) == ["champion_twice"]
    assert codes(check_lineup((*ROSTER, player("x")))) == ["too_many_on_pitch"]


def test_the_beginner_apothecary_until_a_real_one_or_rating_150():
    assert apothecary_for(orcs(), real_bought=False, rating=149) is Apothecary.BEGINNER
    assert apothecary_for(orcs(), real_bought=False, rating=150) is Apothecary.NONE
    assert apothecary_for(orcs(), real_bought=True, rating=100) is Apothecary.REAL
    no_apothecary = TeamList.from_dict(GOBLIN_LIST | {"apothecary": False})
    assert apothecary_for(no_apothecary, real_bought=False, rating=100) is Apothecary.NONE


def test_the_team_rating_is_its_value_in_tens_of_thousands_rounded_down():
    assert team_rating([]) == 0
    assert team_rating([9_999]) == 0
    assert team_rating([50_000, 95_000, 4_999]) == 14
    assert team_rating([1_000_000, 500_000]) == 150


def test_the_beginner_apothecary_heals_on_three_or_more_recorded():
    dice = Dice.scripted([2, 3])
    assert beginner_apothecary_roll(dice, "p1") is False
    assert beginner_apothecary_roll(dice, "p1") is True
    assert [roll["purpose"] for roll in dice.log()] == [{"code": "apothecary", "player": "p1"}] * 2


def test_league_prices_change_the_ally_gold():
    assert ally_cost(1, Prices(ally_gold=20_000)).gold == 20_000
