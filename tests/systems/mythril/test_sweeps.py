"""The sweeper re-sends what a lost message left: a pending post-match sequence, unsettled
team bets; both tasks are registered under the names the services send."""

from celery import current_app
from django.test.testcases import TestCase

from core import registry
from systems.mythril import POST_MATCH_TASK, SETTLE_TASK
from systems.mythril.models import PostMatchRun, TeamBetSettlement
from systems.mythril.services.post_match import post_match_sweep
from systems.mythril.services.team_bets import matchday_enter, team_bet_place, team_bets_sweep
from tests.systems.mythril.helpers import enter_and_confirm


def test_the_tasks_and_sweeps_are_registered():
    assert {POST_MATCH_TASK, SETTLE_TASK} <= set(current_app.tasks)
    names = [name for name, _sweep in registry.sweeps()]
    assert "mythril.post_match_sweep" in names and "mythril.team_bets_sweep" in names


def test_a_lost_message_is_sent_again(settings, fixture, home_team, coach, other_coach, season):
    settings.SWEEPER_GRACE_SECONDS = 0
    matchday_enter(team=home_team, user=coach, season=season, round=1)
    team_bet_place(team=home_team, user=coach, fixture=fixture, outcome="home")
    enter_and_confirm(
        fixture, {"score": {"home": 0, "away": 0}}, by=coach, confirm_by=other_coach
    )  # the messages are lost: never sent
    assert PostMatchRun.objects.get(fixture=fixture).status == "pending"
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert post_match_sweep() == {"mythril_post_match_enqueued": 1}
        assert team_bets_sweep() == {"mythril_team_bets_enqueued": 1}
    assert PostMatchRun.objects.get(fixture=fixture).status == "done"
    assert TeamBetSettlement.objects.filter(fixture=fixture).exists()
    assert post_match_sweep() == {"mythril_post_match_enqueued": 0}
    assert team_bets_sweep() == {"mythril_team_bets_enqueued": 0}
