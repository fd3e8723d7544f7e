"""Results a worker writes in a chunk (``matches.simulation_chunks``) are told as one result at
a time tells them: the same notifications, emails and webhook deliveries, recorded together."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from matches import services, simulation_chunks
from matches.models import Result
from notifications import services as notification_services
from notifications import webhooks
from notifications.models import Notification, WebhookDelivery
from tests.factories import FixtureFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_fixtures(season, team, other_team):
    kickoff = timezone.now() + timedelta(days=2)
    return [
        FixtureFactory(season=season, round=number, home=team, away=other_team, kickoff=kickoff)
        for number in (1, 2)
    ]


def test_a_chunk_tells_coaches_mails_them_and_calls_webhooks_as_one_result_does(
    two_fixtures, league, coach, receiver, allow_private, committed
):
    coach.email = "coach@example.org"
    coach.save()
    notification_services.preferences_save(user=coach, email={"fixture.played": True})
    hook = receiver()
    webhooks.endpoint_create(league=league, url=hook.url, events=["fixture.played"], user=None)
    alone, chunked = two_fixtures

    with committed():
        services.fixture_simulate(fixture_id=alone.pk)
    with committed():
        simulation_chunks.fixtures_simulate(fixture_ids=[chunked.pk])

    def told(fixture):
        result = Result.objects.get(fixture=fixture)
        key = f"fixture.played:{fixture.pk}:{result.pk}"
        notes = Notification.objects.filter(event_key=key).order_by("user_id")
        [delivery] = WebhookDelivery.objects.filter(event_key=key)
        assert delivery.status == "delivered"
        assert delivery.payload["data"]["winner"] == result.winner
        emailed = sorted(note.user_id for note in notes if note.emailed_at)
        return [note.user_id for note in notes], emailed, sorted(delivery.payload["data"])

    assert told(chunked) == told(alone)
    assert told(chunked)[1] == [coach.pk]  # the coach who chose it by email, with an address
    assert len(mail.outbox) == 2
    assert sorted(body["key"] for body in hook.bodies()) == sorted(
        WebhookDelivery.objects.values_list("event_key", flat=True)
    )
