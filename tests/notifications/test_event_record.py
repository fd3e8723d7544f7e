"""The receiver: an event stored once per user and key, worded in the reader's language."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone, translation

from core.events import publish
from matches import services
from notifications import kinds
from notifications.models import Notification

pytestmark = pytest.mark.django_db


def test_an_event_is_stored_once_per_recipient_however_often_it_is_published(
    coach, other_coach, committed
):
    for _ in range(2):
        with committed():
            publish(
                "fixture.cancelled",
                key="fixture.cancelled:1",
                league_id=None,
                recipients=[coach.pk, other_coach.pk, None],
                data={"home": "Wolves", "away": "Ravens"},
            )
    assert Notification.objects.filter(event_key="fixture.cancelled:1").count() == 2
    assert set(Notification.objects.values_list("user_id", flat=True)) == {coach.pk, other_coach.pk}


def test_a_rolled_back_change_tells_nobody(coach, committed):
    with committed(), pytest.raises(RuntimeError), transaction.atomic():
        publish("fixture.cancelled", key="k", league_id=None, recipients=[coach.pk])
        raise RuntimeError
    assert not Notification.objects.exists()


def test_each_recipient_gets_their_own_part_of_the_data(coach, other_coach, committed):
    with committed():
        publish(
            "bet.settled",
            key="bet.settled:9",
            league_id=None,
            recipients=[coach.pk, other_coach.pk],
            data={
                "home": "Wolves",
                "away": "Ravens",
                "per_recipient": {
                    str(coach.pk): {"payout": 30},
                    str(other_coach.pk): {"payout": 0},
                },
            },
        )
    mine = Notification.objects.get(user=coach)
    assert mine.data == {"home": "Wolves", "away": "Ravens", "payout": 30}


def test_a_rescheduled_fixture_tells_both_coaches_in_their_language(
    fixture, coach, other_coach, committed
):
    moved = timezone.now() + timedelta(days=5)
    with committed():
        services.fixture_reschedule(fixture=fixture, kickoff=moved)
    notes = Notification.objects.filter(kind="fixture.rescheduled")
    assert set(notes.values_list("user_id", flat=True)) == {coach.pk, other_coach.pk}
    note = notes.first()
    assert note.url == f"/matches/{fixture.pk}/"
    assert note.league_id == fixture.season.league_id
    with translation.override("en"):
        assert kinds.text(note.kind, note.data).startswith("Wolves v Ravens now kicks off at")


def test_a_second_reschedule_is_a_second_notification(fixture, coach, committed):
    with committed():
        services.fixture_reschedule(fixture=fixture, kickoff=timezone.now() + timedelta(days=5))
        services.fixture_reschedule(fixture=fixture, kickoff=timezone.now() + timedelta(days=6))
    assert Notification.objects.filter(user=coach, kind="fixture.rescheduled").count() == 2


def test_a_move_back_to_an_earlier_kick_off_is_told_too(fixture, coach, committed):
    first, second = timezone.now() + timedelta(days=5), timezone.now() + timedelta(days=6)
    with committed():
        for kickoff in (first, second, first):
            services.fixture_reschedule(fixture=fixture, kickoff=kickoff)
    told = Notification.objects.filter(user=coach, kind="fixture.rescheduled")
    assert told.count() == 3
    assert told.order_by("-pk").first().data["kickoff"] == first.isoformat()


def test_a_cancelled_fixture_tells_both_coaches(fixture, committed):
    with committed():
        services.fixture_cancel(fixture=fixture)
    assert Notification.objects.filter(kind="fixture.cancelled").count() == 2


def test_a_simulated_result_tells_both_coaches_the_fixture_is_played(fixture, committed):
    with committed():
        services.fixture_simulate(fixture_id=fixture.pk, seed=3)
    played = Notification.objects.filter(kind="fixture.played")
    assert played.count() == 2
    assert {"home_score", "away_score", "winner"} <= set(played.first().data)
    assert not Notification.objects.filter(kind="result.confirmed").exists()


def test_missing_data_reads_as_a_question_mark_rather_than_failing():
    assert kinds.text("fixture.cancelled", {}) == "? v ? is cancelled."


@pytest.mark.parametrize(
    ("kind", "data", "text"),
    [
        (
            "season.finished",
            {"season_name": "2026", "league_name": "Cup", "champion_name": "Wolves"},
            "The season 2026 of Cup is finished: Wolves are the champions.",
        ),
        (
            "season.finished",
            {"season_name": "2026", "league_name": "Cup", "champion_name": ""},
            "The season 2026 of Cup is finished.",
        ),
        (
            "season.started",
            {"season_name": "2027", "league_name": "Cup"},
            "The season 2027 of Cup has started.",
        ),
        ("result.corrected", {"reason": "typo"}, "A result was corrected: typo"),
        (
            "result.voided",
            {"home": "Wolves", "away": "Ravens", "reason": "wrong pitch"},
            "The result of Wolves v Ravens was voided: wrong pitch",
        ),
    ],
)
def test_each_kind_is_worded_from_the_data_its_publisher_sends(kind, data, text):
    with translation.override("en"):
        assert kinds.text(kind, data) == text


def test_a_kickoff_reads_as_a_date_not_an_iso_string():
    with translation.override("en"):
        text = kinds.text(
            "fixture.rescheduled",
            {"home": "Wolves", "away": "Ravens", "kickoff": "2026-12-01T18:00:00+00:00"},
        )
    assert "T18:00" not in text and "2026" in text


def test_a_voided_fixture_played_again_is_told_again(fixture, coach, commissioner, committed):
    from matches.corrections import result_void

    with committed():
        first = services.fixture_simulate(fixture_id=fixture.pk, seed=3)
    with committed():
        result_void(result=first, reason="wrong pitch", by=commissioner)
    with committed():
        services.fixture_simulate(fixture_id=fixture.pk, seed=4)
    assert Notification.objects.filter(user=coach, kind="fixture.played").count() == 2
    assert Notification.objects.filter(user=coach, kind="result.voided").count() == 1
