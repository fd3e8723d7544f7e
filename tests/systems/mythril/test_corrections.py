"""A Mythril result corrected or voided after its post-match sequence: the winnings of a voided
match go back from each treasury (a reversal in the ledger), the dice-rolled part is flagged
for the commissioner; an award supersedes a report still waiting for confirmation."""

import pytest

from ledger.audit import ledger_audit
from ledger.models import Transaction
from matches.corrections import fixture_award, result_correct, result_void
from matches.models import Fixture, Result
from matches.table_results.services import report_enter
from rules_engine import Dice
from systems.mythril import corrections
from systems.mythril.models import PostMatchRun, ResultReport
from systems.mythril.selectors import gold_of
from systems.mythril.services.post_match import post_match_run
from tests.systems.mythril.helpers import enter_and_confirm, ids, kick_off, side

SCRIPT = [1, 3, 3, 4, 5, 1, 1, 2, 6, 1]  # as in test_post_match: winnings rolls 4 and 6


@pytest.fixture
def sequenced(fixture, coach, other_coach):
    kick_off(fixture)
    home, away = ids(fixture, "home"), ids(fixture, "away")
    enter_and_confirm(
        fixture,
        {
            "score": {"home": 2, "away": 1},
            "home": side(home, p0={"touchdowns": 2}),
            "away": side(away, p0={"touchdowns": 1}),
        },
        by=coach,
        confirm_by=other_coach,
    )
    return fixture


def test_a_void_gives_the_winnings_back_and_flags_the_rest(
    sequenced, home_team, away_team, commissioner
):
    before = gold_of(home_team), gold_of(away_team)
    post_match_run(fixture_id=sequenced.pk, dice=Dice.scripted(SCRIPT))
    assert gold_of(home_team) > before[0] and gold_of(away_team) > before[1]

    correction = result_void(
        result=Result.objects.get(fixture=sequenced), reason="Replay", by=commissioner
    )

    assert (gold_of(home_team), gold_of(away_team)) == before
    assert Transaction.objects.filter(fixture=sequenced, reason="reversal").count() == 1
    assert correction.flags == [corrections.POST_MATCH_RAN, corrections.REPLAY_WITHOUT_SEQUENCE]
    assert ledger_audit()["ok"]


def test_a_correction_flags_the_sequence_and_moves_no_gold(sequenced, home_team, commissioner):
    post_match_run(fixture_id=sequenced.pk, dice=Dice.scripted(SCRIPT))
    gold = gold_of(home_team)
    correction = result_correct(
        result=Result.objects.get(fixture=sequenced),
        home_score=1,
        away_score=1,
        winner="draw",
        reason="A touchdown was offside",
        by=commissioner,
    )
    assert correction.flags == [corrections.POST_MATCH_RAN, corrections.PLAYER_LINES]
    assert gold_of(home_team) == gold
    assert not Transaction.objects.filter(fixture=sequenced, reason="reversal").exists()


def test_before_the_sequence_nothing_is_flagged(sequenced, commissioner):
    correction = result_correct(
        result=Result.objects.get(fixture=sequenced),
        home_score=1,
        away_score=1,
        winner="draw",
        reason="Typo",
        by=commissioner,
    )
    assert correction.flags == [corrections.PLAYER_LINES]  # the touchdowns as entered


def test_an_award_supersedes_a_report_waiting_for_confirmation(fixture, coach, commissioner):
    kick_off(fixture)
    home, away = ids(fixture, "home"), ids(fixture, "away")
    report = report_enter(
        fixture=fixture,
        user=coach,
        result={
            "score": {"home": 1, "away": 0},
            "home": side(home, p0={"touchdowns": 1}),
            "away": side(away),
        },
    )
    fixture_award(fixture=fixture, winner="away", reason="The home team left", by=commissioner)
    report.refresh_from_db()
    assert report.status == ResultReport.Status.SUPERSEDED
    assert Fixture.objects.get(pk=fixture.pk).status == Fixture.Status.PLAYED
    assert Result.objects.get(fixture=fixture).winner == "away"


def replay_away_win(fixture, coach, other_coach):
    """The voided match entered again: a 0-1 the away coach confirms."""
    home, away = ids(fixture, "home"), ids(fixture, "away")
    return enter_and_confirm(
        fixture,
        {
            "score": {"home": 0, "away": 1},
            "home": side(home),
            "away": side(away, p0={"touchdowns": 1}),
        },
        by=coach,
        confirm_by=other_coach,
    )


def test_a_voided_match_is_entered_again(sequenced, coach, other_coach, commissioner):
    run = post_match_run(fixture_id=sequenced.pk, dice=Dice.scripted(SCRIPT))
    result_void(result=Result.objects.get(fixture=sequenced), reason="Replay", by=commissioner)
    replay = replay_away_win(sequenced, coach, other_coach)
    assert replay.winner == "away"
    kept = PostMatchRun.objects.get(fixture=sequenced)
    assert (kept.pk, kept.status, kept.seed) == (run.pk, "done", run.seed)  # not run twice


def test_a_replay_voided_in_turn_takes_no_winnings_back_again(
    sequenced, home_team, away_team, coach, other_coach, commissioner
):
    """The first void gave the winnings back; the replay runs no sequence, so it won nothing,
    and voiding it too moves no gold."""
    before = gold_of(home_team), gold_of(away_team)
    post_match_run(fixture_id=sequenced.pk, dice=Dice.scripted(SCRIPT))
    result_void(result=Result.objects.get(fixture=sequenced), reason="Replay", by=commissioner)
    replay_away_win(sequenced, coach, other_coach)
    post_match_run(fixture_id=sequenced.pk)

    result_void(result=Result.objects.get(fixture=sequenced), reason="Again", by=commissioner)

    assert (gold_of(home_team), gold_of(away_team)) == before
    assert Transaction.objects.filter(fixture=sequenced, reason="reversal").count() == 1
    assert ledger_audit()["ok"]


def test_a_void_before_the_sequence_drops_it(sequenced, commissioner):
    assert PostMatchRun.objects.get(fixture=sequenced).status == "pending"
    correction = result_void(
        result=Result.objects.get(fixture=sequenced), reason="Replay", by=commissioner
    )
    assert correction.flags == []
    assert not PostMatchRun.objects.filter(fixture=sequenced).exists()
