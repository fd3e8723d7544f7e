"""The browser tests' guard: the database is flushed only once the live server has finished
every request a page sent (tests/browser/conftest.py, RequestsInFlight)."""

import threading
import time

import pytest

from tests.browser.conftest import RequestsInFlight


class Server:
    """The two methods of socketserver's threading server that RequestsInFlight wraps: the
    acceptance hands the request to a thread that handles it."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.handled = []

    def process_request(self, request, client_address):
        threading.Thread(target=self.process_request_thread, args=(request, client_address)).start()

    def process_request_thread(self, request, client_address):
        time.sleep(self.seconds)
        self.handled.append(request)


def test_the_wait_lasts_until_the_last_request_has_finished():
    server = Server(seconds=0.3)
    in_flight = RequestsInFlight(server)
    server.process_request("a fragment", ("127.0.0.1", 1))
    assert in_flight.count == 1
    in_flight.wait_until_idle(quiet=0.05)
    assert server.handled == ["a fragment"]
    assert in_flight.count == 0


def test_a_request_that_never_ends_fails_the_wait_by_name():
    server = Server(seconds=1.0)
    in_flight = RequestsInFlight(server)
    server.process_request("a slow page", ("127.0.0.1", 1))
    with pytest.raises(AssertionError, match="1 live-server requests still running"):
        in_flight.wait_until_idle(quiet=0.05, timeout=0.2)
    in_flight.wait_until_idle(quiet=0.05)
