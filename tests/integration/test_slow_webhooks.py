"""Slow webhook receivers never delay a settlement: the workers of ``make worker``
(``config.workers``) on PostgreSQL and Redis, a league with twenty endpoints on a receiver
that takes 4 s to answer each delivery, and eight fixtures decided while 160 deliveries
(640 s of the receiver's time) wait to be sent: every bet is settled within seconds, while
deliveries are still in flight.

With the single worker ``make worker`` ran before (every queue, a process per core), each
settlement waited for a process to come back from a receiver: 8 fixtures, 16 s here."""

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.db import transaction

from betting.models import Bet
from core.events import publish
from notifications import webhooks
from notifications.models import WebhookDelivery
from tests.integration.conftest import wait_until
from tests.integration.test_betting import _decide, _market, _punters

pytestmark = pytest.mark.integration

ANSWER_SECONDS = 4.0  # within the 5 s a delivery waits for its receiver (webhooks.TIMEOUT)
FIXTURES = 8
SETTLED_WITHIN_SECONDS = 2 * ANSWER_SECONDS


class SlowReceiver:
    """Answers every POST with 200 after ``ANSWER_SECONDS``; counts the requests it began."""

    def __init__(self) -> None:
        self.began = 0
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                receiver.began += 1
                self.rfile.read(int(self.headers["Content-Length"]))
                time.sleep(ANSWER_SECONDS)
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, number: int) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/hook/{number}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def slow_receiver():
    receiver = SlowReceiver()
    yield receiver
    receiver.close()


@pytest.fixture
def private_hooks(monkeypatch, settings, slow_receiver):
    """The receiver listens on 127.0.0.1 and a port of its own: allowed here and in the
    workers started after."""
    port = slow_receiver.server.server_address[1]
    monkeypatch.setenv("WEBHOOKS_ALLOW_PRIVATE", "true")
    monkeypatch.setenv("WEBHOOKS_ALLOWED_PORTS", str(port))
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    settings.WEBHOOKS_ALLOWED_PORTS = [port]


def test_settlements_do_not_wait_for_slow_webhook_receivers(
    private_hooks, worker_pools, slow_receiver
):
    league, fixtures = _market(fixtures=FIXTURES, teams=2 * FIXTURES)
    _punters(league, fixtures)
    for number in range(webhooks.MAX_ENDPOINTS):
        webhooks.endpoint_create(
            league=league, url=slow_receiver.url(number), events=["fixture.played"], user=None
        )
    with transaction.atomic():  # 20 deliveries per event, their tasks sent on commit
        for fixture in fixtures:
            publish(
                "fixture.played",
                key=f"fixture.played:{fixture.pk}",
                league_id=league.pk,
                data={"fixture": fixture.pk},
            )
    wait_until(lambda: slow_receiver.began >= 2, timeout=30)  # the workers are sending

    started = time.monotonic()
    for fixture in fixtures:
        _decide(fixture)  # each result sends its settlement to the workers
    wait_until(lambda: not Bet.objects.filter(status="open").exists(), timeout=120)
    settled_after = time.monotonic() - started

    assert settled_after < SETTLED_WITHIN_SECONDS, f"bets settled after {settled_after:.1f} s"
    waiting = WebhookDelivery.objects.exclude(status=WebhookDelivery.Status.DELIVERED).count()
    assert waiting > FIXTURES * webhooks.MAX_ENDPOINTS / 2  # most still to be sent
    assert worker_pools.errors() == []
