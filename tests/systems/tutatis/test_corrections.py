"""A Tutatis result corrected or voided: the injuries its post-match task carried over are
flagged for review (never undone by guess), the table follows the correction, and a replay
can be entered once voided."""

import pytest

from matches.corrections import result_correct, result_void
from matches.models import Fixture, Result
from matches.standings import standings_get
from matches.table_results.services import report_confirm, report_enter
from systems.tutatis import corrections
from systems.tutatis.tasks import post_match_task
from tests.systems.tutatis.test_results import result

pytestmark = pytest.mark.django_db


def confirmed(fixture, coach, other_coach, **scores):
    report = report_enter(fixture=fixture, user=coach, result=result(**scores))
    return report_confirm(report=report, user=other_coach)


def test_a_correction_after_the_task_flags_the_injuries(
    tt_fixture, coach, other_coach, commissioner
):
    played = confirmed(tt_fixture, coach, other_coach)  # 7-5 to the Orcs
    post_match_task(tt_fixture.pk)
    correction = result_correct(
        result=played,
        home_score=5,
        away_score=7,
        winner="away",
        reason="Goals swapped on the sheet",
        by=commissioner,
    )
    assert correction.flags == [corrections.INJURIES_CARRIED]
    table = {
        row.team.name: (row.wins, row.losses) for row in standings_get(season=tt_fixture.season)
    }
    assert table == {"Dwarfs": (1, 0), "Orcs": (0, 1)}


def test_before_the_task_nothing_is_flagged(tt_fixture, coach, other_coach, commissioner):
    played = confirmed(tt_fixture, coach, other_coach)
    correction = result_correct(
        result=played,
        home_score=8,
        away_score=5,
        winner="home",
        reason="An over-the-bar missed",
        by=commissioner,
    )
    assert correction.flags == []


def test_a_voided_result_is_entered_again(tt_fixture, coach, other_coach, commissioner):
    played = confirmed(tt_fixture, coach, other_coach)
    post_match_task(tt_fixture.pk)
    correction = result_void(result=played, reason="Played with the wrong lists", by=commissioner)
    assert correction.flags == [corrections.INJURIES_CARRIED, corrections.REPLAY_WITHOUT_SEQUENCE]
    assert Fixture.objects.get(pk=tt_fixture.pk).status == Fixture.Status.SCHEDULED
    replay = confirmed(tt_fixture, coach, other_coach, home=(0, 1), away=(1, 0))
    assert (replay.home_score, replay.away_score, replay.winner) == (1, 3, "away")
    assert Result.objects.filter(fixture=tt_fixture).count() == 1


def test_an_awarded_fixture_has_no_sequence_and_holds_no_team_up(tt_fixture, commissioner):
    from matches.corrections import fixture_award
    from matches.selectors import teams_unsettled
    from systems.tutatis.services.post_match import post_match_run, post_match_sweep

    fixture_award(fixture=tt_fixture, winner="away", reason="Orcs withdrew", by=commissioner)
    Result.objects.filter(fixture=tt_fixture).update(created_at="2001-01-01T00:00:00Z")
    assert post_match_sweep() == {"post_match_enqueued": 0}
    assert post_match_run(fixture_id=tt_fixture.pk) is None
    assert teams_unsettled(teams=[tt_fixture.home]) == set()
