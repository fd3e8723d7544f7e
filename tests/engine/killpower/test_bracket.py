"""Single-elimination brackets: seeding, byes to the top seeds, advancing winners."""

import pytest

from rules_engine import InvalidInput
from rules_engine.killpower import advance, single_elimination
from rules_engine.killpower.bracket import seed_order


def pairs(round_):
    return [
        (m.home.entrant, m.away.entrant if m.away else None, m.away.winner_of if m.away else None)
        for m in round_
    ]


def test_seed_order():
    assert seed_order(2) == [1, 2]
    assert seed_order(4) == [1, 4, 2, 3]
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(16)[:4] == [1, 16, 8, 9]


def test_bracket_of_eight():
    bracket = single_elimination(list("ABCDEFGH"))
    assert bracket.size == 8
    assert [len(r) for r in bracket.rounds] == [4, 2, 1]
    assert [(m.id, m.home.seed, m.away.seed) for m in bracket.rounds[0]] == [
        ("R1M1", 1, 8),
        ("R1M2", 4, 5),
        ("R1M3", 2, 7),
        ("R1M4", 3, 6),
    ]
    assert not any(m.bye for m in bracket.rounds[0])
    assert [(m.home.winner_of, m.away.winner_of) for m in bracket.rounds[1]] == [
        ("R1M1", "R1M2"),
        ("R1M3", "R1M4"),
    ]
    final = bracket.rounds[2][0]
    assert (final.id, final.home.winner_of, final.away.winner_of) == ("R3M1", "R2M1", "R2M2")


def test_bracket_of_five_gives_byes_to_the_three_top_seeds():
    bracket = single_elimination(["A", "B", "C", "D", "E"])
    first = bracket.rounds[0]
    assert [(m.home.seed, m.bye) for m in first] == [(1, True), (4, False), (2, True), (3, True)]
    assert first[1].away.seed == 5
    # Byes go straight into round 2, which already knows three of its four entrants.
    assert pairs(bracket.rounds[1]) == [("A", None, "R1M2"), ("B", "C", "R1M4")]
    assert [m.ready for m in bracket.rounds[1]] == [False, True]


def test_advance_writes_winners_into_the_next_rounds():
    bracket = single_elimination(["A", "B", "C", "D", "E"])
    played = advance(bracket, {"R1M2": "E"})
    assert pairs(played.rounds[1]) == [("A", "E", "R1M2"), ("B", "C", "R1M4")]
    done = advance(bracket, {"R1M2": "E", "R2M1": "E", "R2M2": "C", "R3M1": "C"})
    final = done.rounds[2][0]
    assert (final.home.entrant, final.away.entrant) == ("E", "C")


@pytest.mark.parametrize(
    ("winners", "field"),
    [
        ({"R1M2": "A"}, "winners.R1M2"),  # A does not play R1M2
        ({"R2M1": "A"}, "winners.R2M1"),  # R2M1 is not ready: R1M2 has no winner yet
        ({"R1M1": "A"}, "winners.R1M1"),  # a bye is not played
        ({"R9M9": "A"}, "winners.R9M9"),
    ],
)
def test_advance_refuses_impossible_winners(winners, field):
    with pytest.raises(InvalidInput) as error:
        advance(single_elimination(list("ABCDE")), winners)
    assert error.value.field == field


def test_two_entrants_play_a_final_and_ids_may_be_integers():
    bracket = single_elimination([7, 3])
    assert [[(m.home.entrant, m.away.entrant) for m in r] for r in bracket.rounds] == [[(7, 3)]]


@pytest.mark.parametrize(
    ("entrants", "field"),
    [
        (["A"], "entrants"),
        (["A", "A"], "entrants.1"),
        (["A", None], "entrants.1"),
        ([True, "B"], "entrants.0"),
    ],
)
def test_bad_entrants(entrants, field):
    with pytest.raises(InvalidInput) as error:
        single_elimination(entrants)
    assert error.value.field == field


def test_bracket_to_dict_is_json():
    data = single_elimination(list("ABC")).to_dict()
    assert data["size"] == 4
    assert data["rounds"][0][0] == {
        "id": "R1M1",
        "round": 1,
        "home": {"entrant": "A", "seed": 1, "winner_of": None},
        "away": None,
        "bye": True,
    }
