"""Mythril rules that hold for any input, checked with Hypothesis."""

from hypothesis import given
from hypothesis import strategies as st

from rules_engine.mythril import (
    Draft,
    Pair,
    Pick,
    Prices,
    Side,
    check_team,
    forfeit_outcome,
    level_for,
)
from tests.engine.mythril.builders import orcs

picks = st.lists(
    st.sampled_from(
        [
            Pick(position="Lineman"),
            Pick(position="Blitzer"),
            Pick(position="Troll"),
            Pick(position="Elf"),
            Pick(champion="Varag Ghoul-Chewer"),
            Pick(champion="Griff Oberwald"),
        ]
    ),
    max_size=20,
)


@given(picks, st.integers(0, 12), st.integers(0, 3), st.integers(0, 2_000_000))
def test_a_team_passes_exactly_when_no_rule_is_broken(players, popularity, allies, budget):
    draft = Draft(tuple(players), popularity, allies)
    check = check_team(orcs(), draft, budget, Prices())
    assert check.ok == (check.errors == ())
    assert (check.cost > budget) == any(e.rule == "budget_exceeded" for e in check.errors)
    assert len({e.message for e in check.errors}) == len(check.errors)


@given(st.integers(0, 300), st.integers(0, 300), st.booleans())
def test_levels_never_go_down_and_big_guys_never_lead(low, high, big_guy):
    low, high = sorted((low, high))
    assert level_for(low, big_guy) <= level_for(high, big_guy)
    assert level_for(low, True) <= level_for(low, False)


@given(st.integers(0, 8), st.integers(0, 8), st.sampled_from(list(Side)), st.integers(0, 2))
def test_a_forfeit_after_play_is_always_3_to_0_for_the_other_side(home, away, side, halves):
    outcome = forfeit_outcome(Pair(home, away), side, halves, True)
    assert outcome.points.of(side) == 0 and outcome.points.of(side.other) == 3
    assert outcome.score.of(side.other) == Pair(home, away).of(side.other) + halves
    assert outcome.popularity_malus.of(side) == -2 and not outcome.bets_cancelled
