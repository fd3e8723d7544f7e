"""Free throws: order, success rule, the automatic distance policy, rounds while tied."""

import pytest

from rules_engine import InvalidInput
from rules_engine.dice import Dice
from rules_engine.killpower import Score, Shooter, Side, free_throws
from rules_engine.killpower.free_throws import best_distance, winning_distance

T = [Shooter("T1", 4), Shooter("T2", 4)]
V = [Shooter("V1", 4), Shooter("V2", 4)]


def shoot(values, *, home=T, away=V, powers=(20, 12), score=(0, 0), distances=None):
    return free_throws(
        {Side.HOME: home, Side.AWAY: away},
        powers={Side.HOME: powers[0], Side.AWAY: powers[1]},
        score=Score(*score),
        dice=Dice.scripted(values),
        distances=distances,
    )


def test_the_stronger_team_shoots_first_even_when_it_is_away():
    # 13.2: "c'est l'équipe la plus puissante qui commence": away (power 30) before home (5)
    result = shoot(
        [10, 1, 10, 10], powers=(5, 30), distances={Side.HOME: [2, 2], Side.AWAY: [3, 3]}
    )
    assert [s.side for s in result.shots] == [Side.AWAY, Side.HOME, Side.AWAY, Side.HOME]
    assert result.first is Side.AWAY
    assert (result.final, result.winner) == (Score(2, 0), Side.HOME)


@pytest.mark.parametrize(
    ("bal", "distance", "roll", "scored"),
    [
        (4, 2, 4, True),  # 1D10 <= BAL + 0
        (4, 2, 5, False),
        (4, 10, 1, True),  # BAL 4 - 3 = 1
        (4, 10, 2, False),
        (1, 12, 1, True),  # target -2: a 1 always succeeds
        (20, 2, 10, False),  # target 20: a 10 always fails
        (20, 2, 9, True),
    ],
)
def test_success_rule(bal, distance, roll, scored):
    result = shoot(
        [roll, 1],
        home=[Shooter("H", bal)],
        away=[Shooter("A", 4)],
        distances={Side.HOME: [distance], Side.AWAY: [3]},
    )
    first = result.shots[0]
    assert (first.target, first.scored, first.points) == (
        bal - {2: 0, 10: 3, 12: 3}[distance],
        scored,
        distance if scored else 0,
    )


def test_a_team_with_one_living_gladiator_shoots_once():
    result = shoot(
        [10, 10, 1], home=[Shooter("H", 4)], distances={Side.HOME: [2], Side.AWAY: [2, 3]}
    )
    assert [s.shooter for s in result.shots] == ["H", "V1", "V2"]
    assert result.final == Score(0, 3)


def test_the_match_score_counts():
    result = shoot([10, 10, 10, 1], score=(2, 1), distances={Side.HOME: [5, 5], Side.AWAY: [5, 5]})
    assert (result.final, result.winner) == (Score(2, 6), Side.AWAY)


def test_still_tied_the_same_gladiators_shoot_again():
    result = shoot(
        [1, 1, 10, 10, 10, 10, 1, 10],
        distances={Side.HOME: [3, 3, 3, 3], Side.AWAY: [3, 3, 3, 3]},
    )
    assert [(s.round, s.shooter) for s in result.shots] == [
        (1, "T1"), (1, "V1"), (1, "T2"), (1, "V2"), (2, "T1"), (2, "V1"), (2, "T2"), (2, "V2"),
    ]  # fmt: skip
    assert (result.final, result.winner) == (Score(6, 3), Side.HOME)


def test_equal_powers_toss_a_coin_for_the_first_shooter():
    heads = shoot(
        [1, 10, 10, 10, 1], powers=(9, 9), distances={Side.HOME: [2, 2], Side.AWAY: [2, 2]}
    )
    assert heads.first is Side.HOME
    assert heads.rolls[0] == {
        "die": "d2",
        "value": 1,
        "purpose": "free throws: who shoots first (heads: home)",
    }
    tails = shoot(
        [2, 10, 10, 10, 1], powers=(9, 9), distances={Side.HOME: [2, 2], Side.AWAY: [2, 2]}
    )
    assert tails.first is Side.AWAY


@pytest.mark.parametrize(("bal", "distance"), [(1, 12), (4, 6), (5, 9), (6, 9), (12, 12)])
def test_best_distance_maximises_expected_points(bal, distance):
    # distance x successful faces; a 1 always goes in, so BAL 1 shoots from 12; BAL 6 ties
    # 9 and 12 (36) and takes the shorter.
    assert best_distance(bal) == distance


@pytest.mark.parametrize(
    ("deficit", "distance"),
    [(-5, 2), (0, 2), (1, 2), (2, 3), (10, 11), (11, 12), (12, 12), (30, 12)],
)
def test_the_last_shot_takes_the_nearest_winning_distance(deficit, distance):
    assert winning_distance(deficit) == distance


def test_automatic_policy_end_to_end():
    result = shoot([1, 10, 10, 10])
    assert [(s.shooter, s.distance, s.chosen) for s in result.shots] == [
        ("T1", 6, False),
        ("V1", 6, False),
        ("T2", 6, False),
        ("V2", 7, False),  # 6 behind: 7 wins
    ]
    assert result.winner is Side.HOME


@pytest.mark.parametrize(
    ("home", "distances", "field"),
    [
        ([], None, "home"),
        ([*T, Shooter("T3", 4)], None, "home"),
        (T, {Side.AWAY: [1]}, "distances.away.0"),
        (T, {Side.HOME: [2, 13]}, "distances.home.1"),
    ],
)
def test_bad_free_throw_input_names_its_field(home, distances, field):
    with pytest.raises(InvalidInput) as error:
        shoot([], home=home, distances=distances)
    assert error.value.field == field
