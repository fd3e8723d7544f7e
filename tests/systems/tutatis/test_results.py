"""Results: entered, confirmed by the other coach (or disputed and decided), recorded once;
standings from the league's points table; badly hurt players carried to the next match."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from matches.models import Fixture, Result
from matches.standings import standings_get
from matches.table_results.services import (
    report_confirm,
    report_decide,
    report_dispute,
    report_enter,
)
from systems.tutatis.models import Player, PostMatchRun, ResultReport
from systems.tutatis.services.post_match import post_match_sweep
from systems.tutatis.tasks import post_match_task

pytestmark = pytest.mark.django_db


def result(home=(2, 1), away=(1, 2), hurt_away=()):
    return {
        "home": {"goals": home[0], "over_bar": home[1], "badly_hurt": []},
        "away": {"goals": away[0], "over_bar": away[1], "badly_hurt": list(hurt_away)},
    }


def test_confirmed_result_scores_goals_3_and_over_the_bar_1(tt_fixture, coach, other_coach):
    report = report_enter(fixture=tt_fixture, user=coach, result=result())
    assert report.payload["home"]["points"] == 7 and report.payload["away"]["points"] == 5
    recorded = report_confirm(report=report, user=other_coach)
    assert (recorded.home_score, recorded.away_score, recorded.winner) == (7, 5, "home")
    tt_fixture.refresh_from_db()
    assert tt_fixture.status == Fixture.Status.PLAYED


def test_the_submitter_cannot_confirm_and_a_result_is_recorded_once(tt_fixture, coach, other_coach):
    report = report_enter(fixture=tt_fixture, user=coach, result=result())
    with pytest.raises(PermissionDenied):
        report_confirm(report=report, user=coach)
    report_confirm(report=report, user=other_coach)
    with pytest.raises(ValidationError):
        report_confirm(report=report, user=other_coach)
    assert Result.objects.filter(fixture=tt_fixture).count() == 1


def test_dispute_then_the_commissioner_decides_corrected(
    tt_fixture, coach, other_coach, commissioner, stranger
):
    report = report_enter(fixture=tt_fixture, user=coach, result=result())
    with pytest.raises(PermissionDenied):
        report_dispute(report=report, user=stranger)
    report_dispute(report=report, user=other_coach, reason="It was 1 over the bar, not 2.")
    with pytest.raises(ValidationError):
        report_confirm(report=report, user=other_coach)
    with pytest.raises(PermissionDenied):
        report_decide(report=report, user=coach)
    recorded = report_decide(report=report, user=commissioner, result=result((1, 0), (1, 0)))
    assert recorded.winner == Result.Winner.DRAW
    assert ResultReport.objects.get(pk=report.pk).status == ResultReport.Status.DECIDED


def test_injuries_are_carried_to_the_next_match_and_healed_after(
    tt_fixture, coach, other_coach, run_on_commit
):
    victim = tt_fixture.away.tutatis_players.order_by("pk").first()
    report = report_enter(fixture=tt_fixture, user=coach, result=result(hurt_away=[victim.name]))
    run_on_commit(report_confirm, report=report, user=other_coach)  # the worker runs after commit
    assert Player.objects.get(pk=victim.pk).badly_hurt is True
    assert PostMatchRun.objects.get(fixture=tt_fixture).log["away"] == {"badly_hurt": [victim.name]}
    second = Fixture.objects.create(
        season=tt_fixture.season,
        round=2,
        home=tt_fixture.away,
        away=tt_fixture.home,
        kickoff=tt_fixture.kickoff,
    )
    report = report_enter(fixture=second, user=other_coach, result=result())
    second.refresh_from_db()
    frozen = next(p for p in second.home_sheet["players"] if p["id"] == victim.pk)
    assert frozen["badly_hurt"] is True  # he starts the next match in the injured zone
    run_on_commit(report_confirm, report=report, user=coach)
    assert Player.objects.get(pk=victim.pk).badly_hurt is False


def test_the_post_match_sequence_runs_once(tt_fixture, coach, other_coach):
    victim = tt_fixture.away.tutatis_players.order_by("pk").first()
    report = report_enter(fixture=tt_fixture, user=coach, result=result(hurt_away=[victim.name]))
    report_confirm(report=report, user=other_coach)  # no worker yet: nothing carried over
    assert Player.objects.get(pk=victim.pk).badly_hurt is False
    first = post_match_task(tt_fixture.pk)
    Player.objects.filter(pk=victim.pk).update(badly_hurt=False)  # say, healed by hand since
    again = post_match_task(tt_fixture.pk)
    assert first == again
    assert PostMatchRun.objects.filter(fixture=tt_fixture).count() == 1
    assert Player.objects.get(pk=victim.pk).badly_hurt is False  # the rerun changed nothing


def test_the_next_match_waits_for_the_post_match_sequence(tt_fixture, coach, other_coach):
    report = report_enter(fixture=tt_fixture, user=coach, result=result())
    report_confirm(report=report, user=other_coach)
    second = Fixture.objects.create(
        season=tt_fixture.season,
        round=2,
        home=tt_fixture.away,
        away=tt_fixture.home,
        kickoff=tt_fixture.kickoff,
    )
    with pytest.raises(ValidationError) as caught:
        report_enter(fixture=second, user=other_coach, result=result())
    assert "not carried over yet" in str(caught.value)
    assert post_match_sweep() == {"post_match_enqueued": 0}  # within the grace period
    post_match_task(tt_fixture.pk)
    report_enter(fixture=second, user=other_coach, result=result())


def test_an_injured_player_must_belong_to_his_side(tt_fixture, coach):
    orc = tt_fixture.home.tutatis_players.first()
    with pytest.raises(ValidationError) as caught:
        report_enter(fixture=tt_fixture, user=coach, result=result(hurt_away=[orc.name]))
    assert "result.away.badly_hurt.0" in caught.value.message_dict
    assert not ResultReport.objects.exists()


def test_a_stranger_cannot_enter_a_result(tt_fixture, stranger):
    with pytest.raises(PermissionDenied):
        report_enter(fixture=tt_fixture, user=stranger, result=result())


def test_standings_use_the_leagues_points_table(tt_fixture, coach, other_coach):
    league = tt_fixture.season.league
    league.points_win = 2
    league.save()
    report = report_enter(fixture=tt_fixture, user=coach, result=result())
    report_confirm(report=report, user=other_coach)
    rows = {row.team.name: row.points for row in standings_get(season=tt_fixture.season)}
    assert rows == {"Orcs": 2, "Dwarfs": 0}


def test_the_sweeper_resends_a_lost_post_match_sequence(
    tt_fixture, coach, other_coach, settings, run_on_commit
):
    victim = tt_fixture.away.tutatis_players.order_by("pk").first()
    report = report_enter(fixture=tt_fixture, user=coach, result=result(hurt_away=[victim.name]))
    report_confirm(report=report, user=other_coach)  # its message lost: no worker ran
    settings.SWEEPER_GRACE_SECONDS = 0
    assert run_on_commit(post_match_sweep) == {"post_match_enqueued": 1}
    assert PostMatchRun.objects.filter(fixture=tt_fixture).exists()
    assert Player.objects.get(pk=victim.pk).badly_hurt is True
    assert run_on_commit(post_match_sweep) == {"post_match_enqueued": 0}
