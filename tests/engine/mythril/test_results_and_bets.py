"""Forfeits and abandons, championship points, team bets."""

from __future__ import annotations

import pytest

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.mythril import (
    MATCHDAY_ENTRY,
    ChampionshipPoints,
    Pair,
    Prices,
    Side,
    forfeit_outcome,
    matchday_entry,
    team_bet_payout,
)
from rules_engine.mythril.results import table_order


def test_forfeit_after_play_with_no_unfinished_half_loses_whatever_the_score():
    outcome = forfeit_outcome(Pair(3, 0), Side.HOME, 0, True)
    assert outcome.points == Pair(0, 3)
    assert outcome.score == Pair(3, 0)
    assert outcome.popularity_malus == Pair(-2, 0)
    assert outcome.bets_cancelled is False


def test_one_penalty_touchdown_per_unfinished_half_to_the_winner():
    one = forfeit_outcome(Pair(1, 1), Side.AWAY, 1, True)
    assert one.score == Pair(2, 1) and one.points == Pair(3, 0)
    assert one.popularity_malus == Pair(0, -2)
    two = forfeit_outcome(Pair(0, 2), Side.AWAY, 2, True)
    assert two.score == Pair(2, 2) and two.points == Pair(3, 0)


def test_no_turn_played_cancels_the_bets():
    outcome = forfeit_outcome(Pair(0, 0), Side.HOME, 2, False)
    assert outcome.bets_cancelled is True
    assert outcome.points == Pair(0, 3) and outcome.score == Pair(0, 2)
    assert outcome.popularity_malus == Pair(-2, 0)


@pytest.mark.parametrize(
    ("score", "halves", "field"),
    [
        (Pair(0, 0), 1, "unfinished_halves"),
        (Pair(1, 0), 2, "score"),
        (Pair(0, 0), 3, "unfinished_halves"),
    ],
)
def test_inconsistent_forfeits_are_refused(score, halves, field):
    with pytest.raises(InvalidInput) as caught:
        forfeit_outcome(score, Side.HOME, halves, halves == 3)
    assert caught.value.field == field


def test_championship_points_win_3_draw_and_loss_from_settings():
    default = ChampionshipPoints()
    assert default.for_score(Pair(2, 1)) == Pair(3, 0)
    assert default.for_score(Pair(1, 1)) == Pair(1, 1)
    league = ChampionshipPoints.from_dict({"draw": 2, "loss": 1})
    assert league.for_score(Pair(0, 1)) == Pair(1, 3)
    assert league.for_score(Pair(0, 0)) == Pair(2, 2)


@pytest.mark.parametrize(
    ("dice", "final", "payout"),
    [
        ((3, 4), False, 70_000),
        ((6, 6), False, 120_000),
        ((3, 4), True, 140_000),
        ((1, 1), True, 40_000),
    ],
)
def test_team_bet_pays_2d6_times_10000_or_20000_in_a_final(dice, final, payout):
    rolled = Dice.scripted(dice)
    assert team_bet_payout(rolled, final, bet="b1") == payout
    assert [roll["purpose"] for roll in rolled.log()] == [
        {"code": "team_bet", "bet": "b1", "final": int(final)}
    ] * 2


def test_a_seeded_payout_replays():
    assert team_bet_payout(Dice(seed=5), False) == team_bet_payout(Dice(seed=5), False)


def test_matchday_entry_is_10000_as_data():
    assert MATCHDAY_ENTRY == matchday_entry() == 10_000
    assert matchday_entry(Prices(matchday_entry=15_000)) == 15_000


def test_the_table_orders_points_then_touchdown_difference_then_touchdowns_scored():
    lines = {"a": (3, 1, 1), "b": (3, 2, 0), "c": (4, 0, 5), "d": (3, 3, 1)}
    ranked = sorted(lines, key=lambda name: (*table_order(*lines[name]), name))
    assert ranked == ["c", "d", "b", "a"]
