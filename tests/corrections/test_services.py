"""The correction services on a Rotzball league with bets: a correction changes the table and
pays the market again once, a void reopens the fixture and its bets, an award writes the
league's forfeit result; bad input and wrong states change nothing."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from betting.models import Bet, Resettlement, Settlement
from betting.tasks import correction_resettle_task
from ledger.audit import ledger_audit
from ledger.models import Account, Transaction
from matches.corrections import WrongState, fixture_award, result_correct, result_void
from matches.models import Fixture, Result, ResultCorrection
from matches.standings import standings_get

pytestmark = pytest.mark.django_db


def table(season):
    return [
        (
            row.team.name,
            row.played,
            row.wins,
            row.losses,
            row.points,
            row.goals_for,
            row.goals_against,
        )
        for row in standings_get(season=season)
    ]


def balance(wallet):
    return Account.objects.get(pk=wallet.pk).balance


def test_a_correction_changes_the_standings(played, season, commissioner):
    assert table(season) == [("Wolves", 1, 1, 0, 3, 2, 1), ("Ravens", 1, 0, 1, 0, 1, 2)]

    correction = result_correct(
        result=played,
        home_score=1,
        away_score=3,
        winner="away",
        reason="Score sheet misread",
        by=commissioner,
    )

    assert table(season) == [("Ravens", 1, 1, 0, 3, 3, 1), ("Wolves", 1, 0, 1, 0, 1, 3)]
    assert correction.before == {
        "home_score": 2,
        "away_score": 1,
        "winner": "home",
        "decided_by": "regulation",
    }
    assert correction.after == {
        "home_score": 1,
        "away_score": 3,
        "winner": "away",
        "decided_by": "regulation",
    }
    assert (correction.kind, correction.by, correction.reason) == (
        "corrected",
        commissioner,
        "Score sheet misread",
    )


def test_a_new_winner_pays_the_market_again_exactly_once(
    played, fixture, wallet, commissioner, run_on_commit, django_capture_on_commit_callbacks
):
    before = balance(wallet)  # 1000 - 150 staked + the home bet's winnings
    home_bet, away_bet = Bet.objects.filter(fixture=fixture).order_by("pk")
    assert (home_bet.status, away_bet.status) == ("won", "lost")
    home_paid = home_bet.payout

    correction = run_on_commit(
        result_correct,
        result=played,
        home_score=0,
        away_score=1,
        winner="away",
        reason="Goal disallowed",
        by=commissioner,
    )
    correction_resettle_task(correction.pk)  # the task delivered a second time

    home_bet.refresh_from_db()
    away_bet.refresh_from_db()
    assert (home_bet.status, away_bet.status) == ("lost", "won")
    assert balance(wallet) == before - home_paid + away_bet.payout
    assert Settlement.objects.filter(fixture=fixture, reversed_at=None).get().correction == (
        correction
    )
    assert Settlement.objects.filter(fixture=fixture).count() == 2
    assert Transaction.objects.filter(fixture=fixture, reason="reversal").count() == 1
    assert Transaction.objects.filter(fixture=fixture, reason="settlement").count() == 2
    assert ledger_audit()["ok"]


def test_the_same_winner_leaves_the_bets_alone(played, fixture, commissioner, run_on_commit):
    run_on_commit(
        result_correct,
        result=played,
        home_score=3,
        away_score=1,
        winner="home",
        reason="A goal was missed",
        by=commissioner,
    )
    assert not Resettlement.objects.exists()  # nothing owed
    assert Settlement.objects.filter(fixture=fixture).count() == 1
    assert not Transaction.objects.filter(fixture=fixture, reason="reversal").exists()


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"reason": "  "}, "reason"),
        ({"home_score": -1}, "home_score"),
        ({"away_score": 1000}, "away_score"),
        ({"home_score": "2"}, "home_score"),
        ({"winner": "home", "home_score": 0, "away_score": 2}, "winner"),
        ({"winner": "nobody"}, "winner"),
        ({"home_score": 2, "away_score": 1, "winner": "home"}, "home_score"),  # no change
    ],
)
def test_bad_input_names_the_field_and_changes_nothing(played, commissioner, change, field):
    values = {"home_score": 1, "away_score": 3, "winner": "away", "reason": "Typo"} | change
    with pytest.raises(ValidationError) as error:
        result_correct(result=played, by=commissioner, **values)
    assert field in error.value.message_dict
    played.refresh_from_db()
    assert (played.home_score, played.away_score, played.winner) == (2, 1, "home")
    assert not ResultCorrection.objects.exists()


def test_a_void_reopens_the_fixture_and_its_bets(
    played, fixture, wallet, commissioner, run_on_commit
):
    kickoff = timezone.now() + timedelta(days=5)
    paid = balance(wallet)

    correction = run_on_commit(
        result_void, result=played, reason="Wrong line-ups", by=commissioner, kickoff=kickoff
    )

    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.SCHEDULED and fixture.kickoff == kickoff
    assert not Result.objects.filter(fixture=fixture).exists()
    assert set(Bet.objects.filter(fixture=fixture).values_list("status", flat=True)) == {"open"}
    assert not Settlement.objects.filter(fixture=fixture, reversed_at=None).exists()
    assert balance(wallet) < paid  # the winnings went back to the fixture's stakes
    assert (correction.kind, correction.before["winner"], correction.after) == (
        "voided",
        "home",
        None,
    )
    assert ledger_audit()["ok"]
    with pytest.raises(WrongState):
        result_void(result=played, reason="again", by=commissioner)


def test_an_award_writes_the_leagues_forfeit_result(
    fixture, season, commissioner, bet_on, run_on_commit, betting_league
):
    betting_league.forfeit_score_for, betting_league.forfeit_score_against = 3, 0
    betting_league.points_win = 2
    betting_league.save()
    bet = bet_on(fixture, "away", 40)

    run_on_commit(
        fixture_award, fixture=fixture, winner="away", reason="Wolves did not come", by=commissioner
    )

    result = Result.objects.get(fixture=fixture)
    assert (result.home_score, result.away_score, result.winner, result.decided_by) == (
        0,
        3,
        "away",
        "forfeit",
    )
    assert Fixture.objects.get(pk=fixture.pk).status == Fixture.Status.PLAYED
    assert table(season)[0] == ("Ravens", 1, 1, 0, 2, 3, 0)
    bet.refresh_from_db()
    assert bet.status == "won"  # bets settle on the awarded winner
    with pytest.raises(WrongState):
        fixture_award(fixture=fixture, winner="home", reason="again", by=commissioner)
    assert ledger_audit()["ok"]


def test_an_award_refuses_a_draw_and_a_missing_reason(fixture, commissioner):
    with pytest.raises(ValidationError) as error:
        fixture_award(fixture=fixture, winner="draw", reason="x", by=commissioner)
    assert "winner" in error.value.message_dict
    with pytest.raises(ValidationError) as error:
        fixture_award(fixture=fixture, winner="home", reason="", by=commissioner)
    assert "reason" in error.value.message_dict
    assert not Result.objects.exists()


def test_a_cancelled_fixture_cannot_be_awarded(fixture, commissioner):
    Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.CANCELLED)
    with pytest.raises(WrongState):
        fixture_award(fixture=fixture, winner="home", reason="x", by=commissioner)


def test_a_late_task_of_an_older_correction_pays_nothing(
    played, fixture, commissioner, django_capture_on_commit_callbacks
):
    from betting.settlement import correction_resettle

    with django_capture_on_commit_callbacks(execute=False):  # the workers are late
        first = result_correct(
            result=played,
            home_score=0,
            away_score=1,
            winner="away",
            reason="Misread",
            by=commissioner,
        )
        played.refresh_from_db()
        second = result_correct(
            result=played,
            home_score=2,
            away_score=0,
            winner="home",
            reason="Misread again",
            by=commissioner,
        )
    assert correction_resettle(correction_id=second.pk) is not None
    assert correction_resettle(correction_id=first.pk) is None  # a later one paid already
    assert Settlement.objects.filter(fixture=fixture, reversed_at=None).get().outcome == "home"
    assert Transaction.objects.filter(fixture=fixture, reason="reversal").count() == 1
    assert ledger_audit()["ok"]


def test_a_task_after_a_void_leaves_the_bets_to_it(
    played, fixture, commissioner, django_capture_on_commit_callbacks
):
    from betting.settlement import correction_resettle

    with django_capture_on_commit_callbacks(execute=False):
        correction = result_correct(
            result=played,
            home_score=0,
            away_score=1,
            winner="away",
            reason="Misread",
            by=commissioner,
        )
        void = result_void(
            result=Result.objects.get(fixture=fixture), reason="Replay", by=commissioner
        )
    assert correction_resettle(correction_id=correction.pk) is None
    assert correction_resettle(correction_id=void.pk) is None  # reversed; the replay pays
    assert set(Bet.objects.filter(fixture=fixture).values_list("status", flat=True)) == {"open"}
    assert ledger_audit()["ok"]
