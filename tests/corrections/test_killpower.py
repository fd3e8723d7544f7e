"""Corrections of a Killpower Ball result (a game played at the table): the post-match
sequence that ran on the old result is flagged, the season's record follows the correction,
an abandon may go to the side behind on points; a fixture awarded instead of played."""

import pytest
from django.core.exceptions import ValidationError

from matches.corrections import fixture_award, result_correct
from matches.models import Fixture, Result
from matches.table_results.services import report_enter
from systems.killpower import corrections
from systems.killpower.models import ResultReport
from systems.killpower.selectors.standings import ranking_table_get
from tests.systems.killpower.helpers import play, report

pytestmark = pytest.mark.django_db


def records(season):
    return {
        row.team.name: (row.played, row.wins, row.losses)
        for row in ranking_table_get(season=season)
    }


def test_a_corrected_result_flags_the_sequence_and_turns_the_record(
    kp_fixture, kp_season, coach, other_coach, commissioner
):
    result = play(kp_fixture, 12, 8, by=coach, confirm_by=other_coach, seed=3)
    assert records(kp_season) == {"Titanos": (1, 1, 0), "Viking": (1, 0, 1)}
    winner = "away" if result.winner == "home" else "home"
    scores = (0, 40) if winner == "away" else (40, 0)

    correction = result_correct(
        result=result,
        home_score=scores[0],
        away_score=scores[1],
        winner=winner,
        reason="Points misread",
        by=commissioner,
    )

    assert correction.flags == [corrections.POST_MATCH_RAN, corrections.PLAYER_LINES]
    assert records(kp_season) == {"Titanos": (1, 0, 1), "Viking": (1, 1, 0)}


def test_an_abandon_may_go_to_the_side_behind(kp_fixture):
    assert (
        corrections.result_check(
            fixture=kp_fixture, home_score=0, away_score=9, winner="home", decided_by="abandon"
        )
        == {}
    )
    assert "winner" in corrections.result_check(
        fixture=kp_fixture, home_score=0, away_score=9, winner="home", decided_by="points"
    )
    assert "winner" in corrections.result_check(
        fixture=kp_fixture, home_score=0, away_score=9, winner="draw", decided_by="elimination"
    )


def test_a_correction_refused_by_the_game_changes_nothing(
    kp_fixture, coach, other_coach, commissioner
):
    result = play(kp_fixture, 12, 8, by=coach, confirm_by=other_coach, seed=3)
    with pytest.raises(ValidationError) as error:
        result_correct(
            result=result, home_score=0, away_score=20, winner="home", reason="x", by=commissioner
        )
    assert "winner" in error.value.message_dict
    assert Result.objects.get(pk=result.pk).home_score == result.home_score


def test_an_awarded_fixture_counts_and_supersedes_the_open_report(
    kp_fixture, kp_season, kp_league, coach, commissioner
):
    entered = report_enter(fixture=kp_fixture, user=coach, result=report(10, 4))
    fixture_award(
        fixture=kp_fixture, winner="away", reason="Titanos could not field seven", by=commissioner
    )
    entered.refresh_from_db()
    assert entered.status == ResultReport.Status.SUPERSEDED
    result = Result.objects.get(fixture=kp_fixture)
    assert (result.home_score, result.away_score, result.decided_by) == (
        kp_league.forfeit_score_against,
        kp_league.forfeit_score_for,
        "forfeit",
    )
    assert Fixture.objects.get(pk=kp_fixture.pk).status == Fixture.Status.PLAYED
    assert records(kp_season) == {"Titanos": (1, 0, 1), "Viking": (1, 1, 0)}


def test_an_awarded_fixture_has_no_sequence_and_holds_no_team_up(kp_fixture, commissioner):
    from systems.killpower.selectors.gladiators import team_unsettled_fixture
    from systems.killpower.services.post_match import post_match_run, post_match_sweep

    fixture_award(fixture=kp_fixture, winner="home", reason="Viking withdrew", by=commissioner)
    Result.objects.filter(fixture=kp_fixture).update(created_at="2001-01-01T00:00:00Z")
    assert post_match_sweep() == {"post_match_enqueued": 0}
    assert post_match_run(fixture_id=kp_fixture.pk) is None
    assert team_unsettled_fixture(team=kp_fixture.home) is None


def test_awarded_semi_finals_send_their_winners_to_the_final(
    kp_league, kp_season, titanos, viking, commissioner
):
    from datetime import timedelta

    from django.utils import timezone

    from league.services import league_update
    from systems.killpower.services.teams import killpower_team_register
    from systems.killpower.services.tournaments import tournament_create
    from tests.factories import killpower_recruits

    for seed, name in enumerate(("Ours", "Loups"), start=3):
        killpower_team_register(
            league=kp_league, name=name, coach=None, gladiators=killpower_recruits(name), seed=seed
        )
    league_update(league=kp_league, competition_format="tournament")
    kp_season.league.refresh_from_db()
    semis = tournament_create(season=kp_season, first_kickoff=timezone.now() + timedelta(days=1))
    assert len(semis) == 2
    for semi in semis:
        fixture_award(fixture=semi, winner="home", reason="No show", by=commissioner)
    final = Fixture.objects.get(season=kp_season, round=2)
    assert {final.home_id, final.away_id} == {semi.home_id for semi in semis}
