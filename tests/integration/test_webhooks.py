"""Webhook deliveries on PostgreSQL sent by a real Celery worker: one event, its task enqueued
three times in all, reaches a local receiver exactly once, signed so the receiver can check
it."""

import hashlib
import hmac
import json
import time

import pytest
from django.db import transaction

from core.events import publish
from notifications import webhooks
from notifications.models import WebhookAttempt, WebhookDelivery
from notifications.tasks import webhook_deliver_task
from tests.factories import LeagueFactory, UserFactory
from tests.integration.conftest import wait_until
from tests.notifications.conftest import Receiver

pytestmark = pytest.mark.integration


@pytest.fixture
def private_hooks(monkeypatch, settings, hook):
    """The receiver listens on 127.0.0.1 and a port of its own: allowed here and in the worker
    started after."""
    port = hook.server.server_address[1]
    monkeypatch.setenv("WEBHOOKS_ALLOW_PRIVATE", "true")
    monkeypatch.setenv("WEBHOOKS_ALLOWED_PORTS", str(port))
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    settings.WEBHOOKS_ALLOWED_PORTS = [port]


@pytest.fixture
def hook_worker(private_hooks, worker):
    return worker


@pytest.fixture
def hook():
    receiver = Receiver()
    yield receiver
    receiver.close()


def test_a_delivery_arrives_once_signed_when_its_task_runs_three_times(hook_worker, hook):
    league = LeagueFactory(name="Webhook Cup", commissioner=UserFactory(username="hooks"))
    endpoint = webhooks.endpoint_create(
        league=league, url=hook.url, events=["fixture.played"], user=None
    )
    with transaction.atomic():  # the delivery and its task go out once this commits
        publish(
            "fixture.played",
            key="fixture.played:1",
            league_id=league.pk,
            data={"fixture": 1, "home": "Wolves", "away": "Ravens"},
        )
    delivery = WebhookDelivery.objects.get()
    webhook_deliver_task.delay(delivery.pk)
    webhook_deliver_task.delay(delivery.pk)

    wait_until(lambda: WebhookDelivery.objects.get().status == "delivered")
    time.sleep(2)  # let the duplicates run too
    assert len(hook.requests) == 1
    assert WebhookAttempt.objects.count() == 1
    [request] = hook.requests
    timestamp = request["headers"]["X-League-Timestamp"]
    expected = hmac.new(
        endpoint.secret.encode(), timestamp.encode() + b"." + request["body"], hashlib.sha256
    ).hexdigest()
    assert request["headers"]["X-League-Signature"] == f"sha256={expected}"
    assert json.loads(request["body"])["data"]["home"] == "Wolves"
    assert hook_worker.errors() == []
