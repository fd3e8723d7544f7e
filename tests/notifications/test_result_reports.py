"""A table game's result reports tell whoever must act: the other coach confirms, the
commissioner decides a dispute; once confirmed, both coaches hear the fixture is played and
the result confirmed (Killpower, through the shared ``matches.events`` helpers)."""

import pytest

from matches.table_results.services import report_confirm, report_dispute, report_enter
from notifications.models import Notification
from tests.systems.killpower.helpers import report

pytestmark = pytest.mark.django_db


@pytest.fixture
def entered(kp_fixture, coach, committed):
    with committed():
        return report_enter(
            fixture=kp_fixture,
            user=coach,
            result=report(3, 0, home={"played": [f"Titanos {i}" for i in range(1, 6)]}),
        )


def test_an_entered_result_waits_for_the_other_coach(entered, other_coach):
    [note] = Notification.objects.filter(kind="result.to_confirm")
    assert note.user == other_coach
    assert note.data["report"] == entered.pk
    assert (note.data["home"], note.data["away"]) == ("Titanos", "Viking")


def test_a_dispute_goes_to_the_commissioner(entered, other_coach, commissioner, committed):
    with committed():
        report_dispute(report=entered, user=other_coach, reason="wrong score")
    [note] = Notification.objects.filter(kind="result.disputed")
    assert note.user == commissioner


def test_a_confirmed_result_tells_both_coaches(entered, coach, other_coach, committed):
    with committed():
        report_confirm(report=entered, user=other_coach)
    for kind in ("fixture.played", "result.confirmed"):
        users = set(Notification.objects.filter(kind=kind).values_list("user_id", flat=True))
        assert users == {coach.pk, other_coach.pk}
    confirmed = Notification.objects.filter(kind="result.confirmed").first()
    assert (confirmed.data["home_score"], confirmed.data["away_score"]) == (3, 0)
