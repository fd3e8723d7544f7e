"""Real-browser tests: headless Chromium (Debian's package) driven by Playwright.

Playwright's own browser download is not used: the tests launch ``/usr/bin/chromium``
(``CHROMIUM`` overrides it). ``.ci/run`` installs it when missing, so these tests always run
in CI; without it they fail, never skip.
"""

import os
import threading
import time
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.factories import PASSWORD

# Playwright's sync API runs an event loop in the test thread; the ORM calls the tests make
# between page actions are still plain synchronous calls.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/browser/" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: install Debian's chromium (bash .ci/run does)"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
        )
        yield browser
        browser.close()


class RequestsInFlight:
    """Counts the live server's requests from their acceptance to the end of their response.

    The live server's threads share the test's in-memory SQLite connection; a request still
    running (a fragment the page asked for as the test ended) while the test's database is
    flushed makes the flush fail on a locked table. ``wait_until_idle`` lets the flush wait."""

    def __init__(self, server):
        self.count = 0
        self.last_start = time.monotonic()
        self.idle = threading.Condition()
        accept, handle = server.process_request, server.process_request_thread

        def process_request(request, client_address):
            with self.idle:
                self.count += 1
                self.last_start = time.monotonic()
            try:
                accept(request, client_address)
            except BaseException:
                self.finished()
                raise

        def process_request_thread(request, client_address):
            try:
                handle(request, client_address)
            finally:
                self.finished()

        server.process_request = process_request
        server.process_request_thread = process_request_thread

    def finished(self) -> None:
        with self.idle:
            self.count -= 1
            self.idle.notify_all()

    def wait_until_idle(self, quiet: float = 0.1, timeout: float = 15.0) -> None:
        """Returns once no request has run for ``quiet`` seconds (a request the browser sent
        just before it closed may still wait to be accepted); fails after ``timeout``."""
        deadline = time.monotonic() + timeout
        with self.idle:
            while True:
                now = time.monotonic()
                if self.count == 0 and now - self.last_start >= quiet:
                    return
                assert now < deadline, f"{self.count} live-server requests still running"
                self.idle.wait(min(quiet, deadline - now))


@pytest.fixture(scope="session")
def requests_in_flight(live_server):
    return RequestsInFlight(live_server.thread.httpd)


@pytest.fixture(autouse=True)
def requests_finish_before_the_flush(requests_in_flight):
    """Set up before the test's pages, so torn down after their browser contexts closed and
    before pytest-django flushes the database."""
    yield
    requests_in_flight.wait_until_idle()


@pytest.fixture
def page(browser, live_server, settings):
    """A fresh browser page on the live server that records JavaScript errors; a test whose
    pages broke the site's Content-Security-Policy fails. The live server is the site's address
    (``SITE_URL``, which every absolute link is built from), as in a deployment."""
    settings.SITE_URL = live_server.url
    context = browser.new_context(base_url=live_server.url, locale="en-GB")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.js_errors = []
    page.on("pageerror", lambda error: page.js_errors.append(str(error)))
    page.on(
        "console", lambda message: message.type == "error" and page.js_errors.append(message.text)
    )
    yield page
    context.close()
    blocked = [error for error in page.js_errors if "Content Security Policy" in error]
    assert not blocked, f"the page broke its Content-Security-Policy: {blocked}"


DESK, PHONE = {"width": 1280, "height": 900}, {"width": 390, "height": 844}
AT_A_DESK_AND_ON_A_PHONE = pytest.mark.parametrize("viewport", [DESK, PHONE], ids=["desk", "phone"])
"""Runs a test once at a desk and once on a phone (its ``viewport`` argument)."""


@pytest.fixture
def page_in(browser, live_server):
    """``page_in(language, viewport)``: a fresh browser page on the live server, in ``language``
    ("en" or "fr") at ``viewport``'s size, whose JavaScript errors gather in ``page.errors``;
    its context is closed at the end of the test."""
    contexts = []

    def open_page(language: str, viewport: dict):
        context = browser.new_context(
            base_url=live_server.url, locale="fr-FR" if language == "fr" else "en-GB"
        )
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(15_000)
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.set_viewport_size(viewport)
        return page

    yield open_page
    for context in contexts:
        context.close()


def sign_in(page, username: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/leagues/**")


def create_tournament(page, league, season, name: str, teams, *, format: str = "") -> None:
    """Fill the league's new-tournament form: ``name`` over ``season`` with the ``teams``
    named, in ``format`` (the form's default when empty), and create it."""
    page.goto(f"/leagues/{league.pk}/")
    page.locator("main").get_by_role("link", name="Tournaments", exact=True).click()
    page.get_by_role("button", name="New tournament").click()
    page.get_by_label("Name").fill(name)
    if format:
        page.get_by_label("Format").select_option(format)
    page.get_by_label("Season").select_option(str(season.pk))
    for team in teams:
        page.get_by_label(team).check()
    page.get_by_role("button", name="Create the tournament").click()
