"""A fixture of the shared league between the coach's and the other coach's teams, and a tiny
local webhook receiver (an ``http.server`` in a thread) that can be told to fail."""

import json
import ssl
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.utils import timezone

from tests.factories import FixtureFactory

REFUSED_URLS = [
    ("http://127.0.0.1/hook", "public addresses"),
    ("http://100.64.0.1/hook", "public addresses"),  # carrier-grade NAT
    ("http://93.184.216.34:8080/hook", "ports 80, 443, not 8080"),
]
"""Webhook URLs refused at registration (no private address, no extra port allowed), and
words of the refusal naming the ``url`` field."""


@pytest.fixture(autouse=True)
def _addresses(db, request):
    """The personas have email addresses (the factory gives none)."""
    for name in ("coach", "other_coach", "commissioner"):
        if name in request.fixturenames:
            user = request.getfixturevalue(name)
            user.email = f"{user.username}@example.org"
            user.save(update_fields=["email"])


@pytest.fixture
def fixture(season, team, other_team):
    return FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=2)
    )


class Receiver:
    """Answers ``fail`` times with 500, then 200; keeps every request it got. With ``tls``
    (a server-side context), it speaks https."""

    def __init__(self, fail: int = 0, tls: ssl.SSLContext | None = None) -> None:
        self.fail = fail
        self.requests: list[dict] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.requests.append({"headers": dict(self.headers), "body": body})
                failing = len(receiver.requests) <= receiver.fail
                self.send_response(500 if failing else 200)
                self.end_headers()
                self.wfile.write(b"no" if failing else b"ok")

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        if tls is not None:
            self.server.socket = tls.wrap_socket(self.server.socket, server_side=True)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/hook"

    @property
    def port(self) -> int:
        return self.server.server_address[1]

    def bodies(self) -> list[dict]:
        return [json.loads(request["body"]) for request in self.requests]

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receiver(settings):
    """Starts receivers; their ports are allowed (``WEBHOOKS_ALLOWED_PORTS``)."""
    made: list[Receiver] = []

    def start(fail: int = 0, tls: ssl.SSLContext | None = None) -> Receiver:
        made.append(Receiver(fail, tls))
        settings.WEBHOOKS_ALLOWED_PORTS = [*settings.WEBHOOKS_ALLOWED_PORTS, made[-1].port]
        return made[-1]

    yield start
    for one in made:
        one.close()


@pytest.fixture
def allow_private(settings):
    """Local addresses allowed, and port 9 (closed: a send there fails at once)."""
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    settings.WEBHOOKS_ALLOWED_PORTS = [9]


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """``with committed():`` runs what waits for the commit (events, then their tasks)."""
    return lambda: django_capture_on_commit_callbacks(execute=True)
