"""Slow clients cannot hold the site: gunicorn started as the image and docker compose start
it (``config/gunicorn.conf.py``: two processes of four threads) on PostgreSQL and Redis, and
twelve connections trickling a request a byte at a time, more than the server has threads:
``/healthz`` answers within a second, again and again, and each slow connection is dropped
once its request has taken ``RECEIVE_SECONDS``.

The command line the image used before (gunicorn's sync workers, two processes) fails the
first request: two trickling connections held both processes."""

import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest
from django.db import connection

from config.gunicorn_worker import RECEIVE_SECONDS
from tests.integration.test_guessing_two_processes import _free_port, _production_env

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
SLOW_CLIENTS = 12  # the configuration's workers × threads is 8
BYTE_EVERY_SECONDS = 0.5


class Trickler(threading.Thread):
    """Sends a request's headers one byte at a time until the server closes the connection."""

    def __init__(self, port: int) -> None:
        super().__init__(daemon=True)
        self.link = socket.create_connection(("127.0.0.1", port))
        self.link.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        self.dropped_after: float | None = None

    def run(self) -> None:
        started = time.monotonic()
        try:
            for _ in range(200):
                self.link.sendall(b"a")
                time.sleep(BYTE_EVERY_SECONDS)
        except OSError:  # reset by the server
            self.dropped_after = time.monotonic() - started
        finally:
            self.link.close()


@pytest.fixture
def server(transactional_db, tmp_path):
    parts = urlsplit(os.environ["DATABASE_URL"])
    database_url = urlunsplit(parts._replace(path="/" + connection.settings_dict["NAME"]))
    port = _free_port()
    log = (tmp_path / "gunicorn.log").open("wb")
    process = subprocess.Popen(
        [
            *(str(Path(sys.executable).parent / "gunicorn"), "-c", "config/gunicorn.conf.py"),
            *("-b", f"127.0.0.1:{port}"),
        ],
        cwd=ROOT,
        env={**_production_env(database_url, tmp_path), "WEB_CONCURRENCY": "2"},
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    url = f"http://127.0.0.1:{port}/healthz"
    deadline = time.monotonic() + 30
    while True:
        try:
            httpx.get(url, timeout=2)
            break
        except httpx.TransportError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError((tmp_path / "gunicorn.log").read_text()[-3000:]) from None
            time.sleep(0.3)
    yield port
    os.killpg(process.pid, signal.SIGTERM)
    process.wait(timeout=40)


def test_slow_clients_do_not_hold_the_site(server):
    slow = [Trickler(server) for _ in range(SLOW_CLIENTS)]
    for client in slow:
        client.start()
    time.sleep(1)  # every slow connection accepted and trickling

    for _ in range(5):
        answer = httpx.get(f"http://127.0.0.1:{server}/healthz", timeout=1.0)
        assert answer.status_code == 200
        assert answer.json()["database"] == "ok"
        time.sleep(0.5)

    for client in slow:
        client.join(timeout=RECEIVE_SECONDS + 10)
    dropped = [client.dropped_after for client in slow]
    assert all(after is not None and after < RECEIVE_SECONDS + 5 for after in dropped), dropped
