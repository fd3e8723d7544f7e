"""Webhooks: signed deliveries a receiver can verify, retried with backoff, sent once per
event even when the task runs twice; private addresses refused unless allowed."""

import hashlib
import hmac
import json
from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from core.events import publish
from core.sweeping import sweep_all
from notifications import webhooks
from notifications.models import WebhookAttempt, WebhookDelivery
from notifications.tasks import webhook_deliver_task

pytestmark = pytest.mark.django_db


def _fixture_played(league, committed, key="fixture.played:7"):
    with committed():
        publish(
            "fixture.played",
            key=key,
            league_id=league.pk,
            data={"fixture": 7, "home": "Wolves", "away": "Ravens", "home_score": 2},
        )


def test_a_delivery_carries_a_signature_the_receiver_can_verify(
    league, commissioner, receiver, allow_private, committed
):
    hook = receiver()
    endpoint = webhooks.endpoint_create(
        league=league, url=hook.url, events=["fixture.played"], user=commissioner
    )
    _fixture_played(league, committed)
    [request] = hook.requests
    headers = request["headers"]
    timestamp = headers["X-League-Timestamp"]
    expected = hmac.new(
        endpoint.secret.encode(), timestamp.encode() + b"." + request["body"], hashlib.sha256
    ).hexdigest()
    assert headers["X-League-Signature"] == f"sha256={expected}"
    assert headers["X-League-Event"] == "fixture.played"
    body = json.loads(request["body"])
    assert body["event"] == "fixture.played" and body["data"]["home_score"] == 2
    delivery = WebhookDelivery.objects.get()
    assert headers["X-League-Delivery"] == str(delivery.uuid) == body["delivery"]
    assert delivery.status == "delivered" and delivery.attempts == 1


def test_a_tampered_body_fails_verification(league, commissioner):
    from notifications import signing

    signed = signing.signature(secret="s3cret", timestamp=100, body=b'{"a":1}')
    assert signing.signature_valid(
        secret="s3cret", timestamp="100", body=b'{"a":1}', received=signed
    )
    assert not signing.signature_valid(
        secret="s3cret", timestamp="100", body=b'{"a":2}', received=signed
    )
    assert not signing.signature_valid(
        secret="s3cret", timestamp="101", body=b'{"a":1}', received=signed
    )


def test_a_failing_receiver_is_retried_with_backoff_until_it_answers(
    league, commissioner, receiver, allow_private, committed
):
    hook = receiver(fail=2)
    webhooks.endpoint_create(league=league, url=hook.url, events=["fixture.played"], user=None)
    _fixture_played(league, committed)
    delivery = WebhookDelivery.objects.get()
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("pending", 1, 500)
    first_wait = delivery.next_attempt_at - timezone.now()
    assert timedelta(seconds=50) < first_wait <= timedelta(minutes=1)

    # not due yet: the task does nothing
    assert webhooks.delivery_attempt(delivery_id=delivery.pk) is None
    assert len(hook.requests) == 1

    later = timezone.now() + timedelta(minutes=2)
    delivery = webhooks.delivery_attempt(delivery_id=delivery.pk, now=later)
    assert (delivery.status, delivery.attempts) == ("pending", 2)
    assert delivery.next_attempt_at == later + timedelta(minutes=5)

    delivery = webhooks.delivery_attempt(delivery_id=delivery.pk, now=later + timedelta(minutes=6))
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == ("delivered", 3, 200)
    assert len(hook.requests) == 3
    assert list(WebhookAttempt.objects.values_list("number", "status_code")) == [
        (1, 500),
        (2, 500),
        (3, 200),
    ]
    ids = {request["headers"]["X-League-Delivery"] for request in hook.requests}
    assert ids == {str(delivery.uuid)}


def test_the_last_failed_attempt_marks_the_delivery_failed(
    league, receiver, allow_private, committed
):
    hook = receiver(fail=99)
    webhooks.endpoint_create(league=league, url=hook.url, events=["fixture.played"], user=None)
    _fixture_played(league, committed)
    delivery = WebhookDelivery.objects.get()
    when = timezone.now()
    while delivery.status == "pending":
        when += timedelta(days=1)
        delivery = webhooks.delivery_attempt(delivery_id=delivery.pk, now=when)
    assert delivery.status == "failed"
    assert delivery.attempts == webhooks.MAX_ATTEMPTS == len(hook.requests)


def test_the_task_run_twice_delivers_once(league, receiver, allow_private, committed):
    hook = receiver()
    webhooks.endpoint_create(league=league, url=hook.url, events=["fixture.played"], user=None)
    _fixture_played(league, committed)
    _fixture_played(league, committed)  # the same event published again
    delivery = WebhookDelivery.objects.get()
    webhook_deliver_task.apply(args=[delivery.pk])
    webhook_deliver_task.apply(args=[delivery.pk])
    assert len(hook.requests) == 1
    assert WebhookDelivery.objects.get().attempts == 1


def test_a_delivery_held_by_another_worker_is_not_sent_until_its_lease_runs_out(
    league, receiver, allow_private
):
    hook = receiver()
    endpoint = webhooks.endpoint_create(
        league=league, url=hook.url, events=["fixture.played"], user=None
    )
    now = timezone.now()
    delivery = WebhookDelivery.objects.create(
        endpoint=endpoint,
        event_key="k",
        kind="fixture.played",
        payload={},
        status="sending",
        attempts=1,
        lease_until=now + timedelta(seconds=30),
        next_attempt_at=now,
    )
    assert webhooks.delivery_attempt(delivery_id=delivery.pk) is None
    assert webhooks.deliveries_due() == []
    later = now + timedelta(minutes=2)
    assert webhooks.deliveries_due(now=later) == [delivery.pk]
    assert webhooks.delivery_attempt(delivery_id=delivery.pk, now=later).status == "delivered"
    assert len(hook.requests) == 1


def test_the_sweep_resends_due_deliveries(league, receiver, allow_private, committed):
    hook = receiver()
    endpoint = webhooks.endpoint_create(
        league=league, url=hook.url, events=["fixture.played"], user=None
    )
    WebhookDelivery.objects.create(
        endpoint=endpoint,
        event_key="k",
        kind="fixture.played",
        payload={},
        next_attempt_at=timezone.now() - timedelta(seconds=1),
    )
    with committed():
        summary = sweep_all()
    assert summary["webhook_deliveries_resent"] == 1
    assert WebhookDelivery.objects.get().status == "delivered"


def test_only_the_events_chosen_are_sent(league, receiver, allow_private, committed):
    hook = receiver()
    webhooks.endpoint_create(league=league, url=hook.url, events=["season.finished"], user=None)
    _fixture_played(league, committed)
    assert not WebhookDelivery.objects.exists() and hook.requests == []


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000/hook",
        "http://localhost/hook",
        "http://10.0.0.5/hook",
        "http://192.168.1.10/hook",
        "http://169.254.169.254/latest/meta-data/",
        "http://[::1]/hook",
        "http://0.0.0.0/hook",
    ],
)
def test_private_addresses_are_refused_at_registration(league, settings, url):
    settings.WEBHOOKS_ALLOW_PRIVATE = False
    with pytest.raises(ValidationError) as refused:
        webhooks.endpoint_create(league=league, url=url, events=["fixture.played"], user=None)
    assert "url" in refused.value.message_dict
    assert not league.webhooks.exists()


def test_a_private_address_is_refused_again_when_sending(league, receiver, settings, committed):
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    hook = receiver()
    webhooks.endpoint_create(league=league, url=hook.url, events=["fixture.played"], user=None)
    settings.WEBHOOKS_ALLOW_PRIVATE = False
    _fixture_played(league, committed)
    assert hook.requests == []
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == "pending" and "private" in delivery.last_error


@pytest.mark.parametrize(
    ("events", "url", "field"),
    [
        ([], "https://example.org/hook", "events"),
        (["fixture.cancelled"], "https://example.org/hook", "events"),
        (["fixture.played"], "ftp://example.org/hook", "url"),
        (["fixture.played"], "https://user:pw@example.org/hook", "url"),
    ],
)
def test_bad_input_is_refused_naming_the_field(league, events, url, field):
    with pytest.raises(ValidationError) as refused:
        webhooks.endpoint_create(league=league, url=url, events=events, user=None)
    assert field in refused.value.message_dict


def _signed_with(request, secret):
    from notifications import signing

    headers = request["headers"]
    return signing.signature_valid(
        secret=secret,
        timestamp=headers["X-League-Timestamp"],
        body=request["body"],
        received=headers["X-League-Signature"],
    )


def _rotated_and_sent(league, receiver, committed, rotated_at):
    """A webhook's secret rotated at ``rotated_at`` (grace: 24 h), then an event sent:
    ``(the request received, the old secret, the new one)``."""
    hook = receiver()
    endpoint = webhooks.endpoint_create(
        league=league, url=hook.url, events=["fixture.played"], user=None
    )
    old = endpoint.secret
    new = webhooks.endpoint_secret_rotate(endpoint=endpoint, now=rotated_at).secret
    assert new != old
    _fixture_played(league, committed)
    [request] = hook.requests
    return request, old, new


def test_during_the_grace_period_deliveries_carry_both_signatures(
    league, receiver, allow_private, committed, settings
):
    settings.WEBHOOKS_SECRET_GRACE_HOURS = 24
    rotated_at = timezone.now() - timedelta(hours=23)
    request, old, new = _rotated_and_sent(league, receiver, committed, rotated_at)
    assert _signed_with(request, new) and _signed_with(request, old)
    assert not _signed_with(request, "someone else's secret")
    new_entry, old_entry = request["headers"]["X-League-Signature"].split(",")
    timestamp = request["headers"]["X-League-Timestamp"].encode()
    for entry, secret in ((new_entry, new), (old_entry, old)):
        digest = hmac.new(secret.encode(), timestamp + b"." + request["body"], hashlib.sha256)
        assert entry == f"sha256={digest.hexdigest()}"


def test_after_the_grace_period_only_the_new_secret_signs(
    league, receiver, allow_private, committed, settings
):
    settings.WEBHOOKS_SECRET_GRACE_HOURS = 24
    rotated_at = timezone.now() - timedelta(hours=24, seconds=1)
    request, old, new = _rotated_and_sent(league, receiver, committed, rotated_at)
    assert _signed_with(request, new) and not _signed_with(request, old)
    assert "," not in request["headers"]["X-League-Signature"]


def test_a_second_rotation_drops_the_oldest_secret(league, allow_private):
    endpoint = webhooks.endpoint_create(
        league=league, url="http://127.0.0.1:9/hook", events=["fixture.played"], user=None
    )
    first = endpoint.secret
    second = webhooks.endpoint_secret_rotate(endpoint=endpoint).secret
    third = webhooks.endpoint_secret_rotate(endpoint=endpoint)
    assert third.previous_secret == second and first not in (third.secret, third.previous_secret)
