"""Double elimination (``rules_engine.tournaments.double_elimination``): everyone but the
champion goes out on their second loss, byes are walkovers, the reset final is played only when
the losers' champion takes the first."""

import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.errors import InvalidInput
from rules_engine.tournaments.double_elimination import EMPTY, bracket, champion, play
from tests.hypothesis_profiles import examples


def _run(entrants, reset, pick):
    """Plays the bracket to its end, ``pick(home, away)`` choosing each winner."""
    matches = bracket(len(entrants), reset=reset)
    results = {}
    while True:
        played = play(entrants, matches, results)
        ready = [
            p
            for p in played
            if p.needed
            and p.winner is None
            and p.home not in (None, EMPTY)
            and p.away not in (None, EMPTY)
        ]
        if not ready:
            return played
        for p in ready:
            results[p.match.id] = pick(p.home, p.away)


@settings(max_examples=examples(200), deadline=None)
@given(st.integers(min_value=2, max_value=20), st.booleans(), st.randoms(use_true_random=False))
def test_everyone_but_the_champion_goes_out_on_a_second_loss(count, reset, random):
    entrants = [f"e{i}" for i in range(count)]
    played = _run(entrants, reset, lambda home, away: random.choice([home, away]))

    winner = champion(played)
    assert winner in entrants
    real = [p for p in played if p.needed and EMPTY not in (p.home, p.away)]
    assert all(p.winner is not None for p in real)  # nothing left unplayed
    losses = Counter(p.loser for p in real)
    assert losses[winner] <= 1
    final = [p for p in played if p.match.bracket == "final" and p.needed][-1]
    for entrant in entrants:
        if entrant == winner:
            continue
        if not reset and entrant == final.loser and losses[entrant] == 1:
            continue  # without a reset the winners' champion goes out on one loss
        assert losses[entrant] == 2, entrant
    # every entrant plays at most one match per round of each bracket
    for key in {(p.match.bracket, p.match.round) for p in real}:
        seen = [
            e for p in real if (p.match.bracket, p.match.round) == key for e in (p.home, p.away)
        ]
        assert len(seen) == len(set(seen))


def test_seeds_one_and_two_meet_only_in_the_winners_final_and_byes_go_to_the_top():
    entrants = [f"s{i}" for i in range(1, 7)]  # 6 entrants in 8 places: seeds 1 and 2 get byes
    played = _run(entrants, True, lambda home, away: min(home, away, key=entrants.index))

    first_round = [p for p in played if p.match.id.startswith("W1.")]
    walkovers = sorted(p.winner for p in first_round if EMPTY in (p.home, p.away))
    assert walkovers == ["s1", "s2"]
    meetings = [p.match.id for p in played if {p.home, p.away} == {"s1", "s2"}]
    assert meetings[0] == "W3.1"
    assert champion(played) == "s1"
    assert next(p for p in played if p.match.id == "GF2").needed is False  # s1 took the first


def test_the_reset_final_is_played_when_the_losers_champion_takes_the_first():
    entrants = ["a", "b", "c", "d"]

    meetings = []

    def pick(home, away):  # b beats everyone, except a in their first meeting (the winners' final)
        if {home, away} == {"a", "b"}:
            meetings.append(1)
            return "a" if len(meetings) == 1 else "b"
        return "b" if "b" in (home, away) else min(home, away)

    played = _run(entrants, True, pick)

    gf1, gf2 = (next(p for p in played if p.match.id == f) for f in ("GF1", "GF2"))
    assert (gf1.home, gf1.away, gf1.winner) == ("a", "b", "b")  # b came through the losers
    assert gf2.needed and gf2.winner == "b" and champion(played) == "b"


def test_a_result_must_name_one_of_the_two_entrants():
    matches = bracket(4)
    with pytest.raises(InvalidInput, match=re.escape("results.W1.1")):
        play(["a", "b", "c", "d"], matches, {"W1.1": "c"})
    with pytest.raises(InvalidInput, match="entrants"):
        bracket(1)
