"""Swiss pairing (``rules_engine.tournaments``): the rules of the issue, checked against an
exhaustive search of every pairing on small rounds."""

from fractions import Fraction
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.tournaments import Player, Shape, bye_player, pair
from tests.hypothesis_profiles import examples


def _costs(pairs, players, *, avoid_rematch):
    """The pairing's cost by rules 2 and 3, in the order they apply."""
    by_id = {p.id: p for p in players}
    rematches = sum(1 for a, b in pairs if b in by_id[a].opponents or a in by_id[b].opponents)
    squares = sum((Fraction(by_id[a].score) - Fraction(by_id[b].score)) ** 2 for a, b in pairs)
    return (rematches, squares) if avoid_rematch else (squares, rematches)


def _best_by_search(players, *, avoid_rematch):
    """The lowest cost of all perfect matchings of ``players``, found by trying every one."""
    ids = tuple(p.id for p in players)

    @cache
    def best(left: tuple[str, ...]):
        if not left:
            return [()]
        first, rest = left[0], left[1:]
        found = []
        for index, other in enumerate(rest):
            for tail in best(rest[:index] + rest[index + 1 :]):
                found.append(((first, other), *tail))
        return found

    return min(_costs(p, players, avoid_rematch=avoid_rematch) for p in best(ids))


@st.composite
def rounds(draw, max_players=10):
    count = draw(st.integers(min_value=0, max_value=max_players))
    ids = [f"p{i}" for i in range(count)]
    scores = sorted(
        (draw(st.sampled_from([0, 0.5, 1, 1.5, 2, 2.5, 3, 4])) for _ in ids), reverse=True
    )
    players = []
    for identifier, score in zip(ids, scores, strict=True):
        others = [o for o in ids if o != identifier]
        opponents = draw(st.lists(st.sampled_from(others), max_size=4)) if others else []
        players.append(Player(identifier, score, frozenset(opponents), draw(st.integers(0, 2))))
    return players


@settings(max_examples=examples(300), deadline=None)
@given(rounds(), st.booleans(), st.sampled_from(list(Shape)))
def test_the_pairing_is_optimal_by_the_rules(players, avoid_rematch, shape):
    pairing = pair(players, avoid_rematch=avoid_rematch, shape=shape)

    placed = [pid for p in pairing.pairs for pid in p] + ([pairing.bye] if pairing.bye else [])
    assert sorted(placed) == sorted(p.id for p in players)  # everyone exactly once
    expected_bye = bye_player(players)
    assert pairing.bye == (expected_bye.id if expected_bye else None)
    if expected_bye is not None:
        fewest = min(p.byes for p in players)
        assert expected_bye.byes == fewest
        later = players[players.index(expected_bye) + 1 :]
        assert all(p.byes > fewest for p in later)  # the lowest-ranked of the fewest
    others = [p for p in players if p.id != pairing.bye]
    assert _costs(pairing.pairs, players, avoid_rematch=avoid_rematch) == _best_by_search(
        others, avoid_rematch=avoid_rematch
    )


def _round_robin_history(count, rounds_played):
    """Players ``p0..`` after ``rounds_played`` rounds of a circle schedule, each with the
    opponents they met: enough history that a rematch-free pairing needs long pairs."""
    ids = [f"p{i}" for i in range(count)]
    met = {i: set() for i in ids}
    circle = ids[:]
    for _ in range(rounds_played):
        for k in range(count // 2):
            a, b = circle[k], circle[count - 1 - k]
            met[a].add(b)
            met[b].add(a)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return [Player(i, float(len(met[i]) % 3), frozenset(met[i])) for i in ids]


def test_no_rematch_when_a_rematch_free_pairing_exists():
    players = _round_robin_history(12, 5)
    players.sort(key=lambda p: -p.score)

    pairing = pair(players)

    assert pairing.rematches(players) == 0
    assert _costs(pairing.pairs, players, avoid_rematch=True) == _best_by_search(
        players, avoid_rematch=True
    )


def test_rematches_only_break_ties_when_not_avoided():
    # a and b met; pairing them costs nothing in scores, pairing across costs 2 x 1
    players = [
        Player("a", 2, frozenset({"b"})),
        Player("b", 2, frozenset({"a"})),
        Player("c", 1),
        Player("d", 1),
    ]

    assert pair(players, avoid_rematch=True).pairs in (
        (("a", "c"), ("b", "d")),
        (("a", "d"), ("b", "c")),
    )
    assert pair(players, avoid_rematch=False).pairs == (("a", "b"), ("c", "d"))


def test_a_score_group_folds_or_pairs_adjacent_as_set():
    players = [Player(f"p{i}", 1) for i in range(8)]

    folded = pair(players, shape=Shape.FOLD).pairs
    adjacent = pair(players, shape=Shape.ADJACENT).pairs

    assert folded == (("p0", "p4"), ("p1", "p5"), ("p2", "p6"), ("p3", "p7"))
    assert adjacent == (("p0", "p1"), ("p2", "p3"), ("p4", "p5"), ("p6", "p7"))


def test_the_bye_goes_to_the_lowest_ranked_of_those_with_fewest_byes():
    players = [
        Player("a", 3),
        Player("b", 2),
        Player("c", 1, byes=1),
        Player("d", 0, byes=1),
        Player("e", 0, byes=1),
    ]

    assert pair(players).bye == "b"
    assert pair(players[2:]).bye == "e"
