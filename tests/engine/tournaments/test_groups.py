"""Groups then knock-out (``rules_engine.tournaments.groups``): qualifiers seeded by place, and
teams of one group kept apart as long as the seeds' places allow."""

import re
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.errors import InvalidInput
from rules_engine.tournaments.groups import seed
from rules_engine.tournaments.seeding import meeting_round, seed_order
from tests.hypothesis_profiles import examples


def _groups(count, size):
    return [[f"{chr(65 + g)}{p + 1}" for p in range(size)] for g in range(count)]


def _meetings(bracket):
    """Per round, how many pairs of one group can first meet there."""
    placed = [(slot, team[0]) for slot, team in enumerate(bracket) if team]
    found: dict[int, int] = {}
    for i, (p, a) in enumerate(placed):
        for q, b in placed[i + 1 :]:
            if a == b:
                found[meeting_round(p, q)] = found.get(meeting_round(p, q), 0) + 1
    return found


def _profile(bracket, rounds):
    """Earliest rounds first: the vector the seeding minimises, lexicographically."""
    meetings = _meetings(bracket)
    return [meetings.get(r, 0) for r in range(1, rounds + 1)]


@pytest.mark.parametrize("count", [2, 4, 8, 16])
def test_a_groups_winner_and_runner_up_meet_only_in_the_final(count):
    bracket = seed(_groups(count, 3), 2)

    rounds = (len(bracket) - 1).bit_length()
    assert _meetings(bracket) == {rounds: count}


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(min_value=1, max_value=5), st.integers(min_value=1, max_value=3))
def test_seeding_is_by_place_and_best_among_the_arrangements_by_place(count, qualifiers):
    if count * qualifiers < 2:
        return
    groups = _groups(count, qualifiers + 1)

    bracket = seed(groups, qualifiers)

    size = len(bracket)
    expected = {team for group in groups for team in group[:qualifiers]}
    assert sorted(t for t in bracket if t) == sorted(expected)  # every qualifier once
    order = seed_order(size)
    place_of_seed = {s: order.index(s) for s in order}
    for place in range(qualifiers):
        seeds = range(place * count + 1, (place + 1) * count + 1)
        slots = {place_of_seed[s] for s in seeds}
        assert {bracket[s] for s in slots} == {g[place] for g in groups}  # seeded by place
    assert [bracket[place_of_seed[s]] for s in range(1, count + 1)] == [g[0] for g in groups]

    # brute force: place by place, every arrangement of that place's teams over its seeds' slots
    best = [None] * size
    rounds = (size - 1).bit_length()
    for place in range(qualifiers):
        seeds = range(place * count + 1, (place + 1) * count + 1)
        slots = [place_of_seed[s] for s in seeds]
        teams = [g[place] for g in groups]
        options = [teams] if place == 0 else permutations(teams)
        candidates = []
        for arrangement in options:
            trial = best[:]
            for slot, team in zip(slots, arrangement, strict=True):
                trial[slot] = team
            candidates.append((_profile(trial, rounds), trial))
        best = min(candidates)[1]
    assert _profile(bracket, rounds) == _profile(best, rounds)


def test_refusals_name_the_field():
    with pytest.raises(InvalidInput, match=re.escape("groups.1")):
        seed([["a", "b"], ["c"]], 2)
    with pytest.raises(InvalidInput, match="qualifiers"):
        seed([["a", "b"]], 0)
