"""Password guessing against the production server: gunicorn with two worker processes on
PostgreSQL and Redis, behind one proxy of ours (``DJANGO_TRUSTED_PROXIES=1``), over real
HTTP with a new connection for every request, each served by a fresh worker process
(``--max-requests 1`` on an app preloaded in gunicorn's master: a worker exits after one
request and a new one is forked), so nothing counted in a process's memory reaches the next
request.

The lockout (django-axes, counted in the database) and the DRF ``login`` throttle (counted in
the shared Redis cache) must hold across both processes, and a client must not escape them by
forging the left part of ``X-Forwarded-For``. Each test also checks, from gunicorn's access
log, that several processes answered its requests.
"""

import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.core.cache import cache
from django.db import connection
from knox.models import AuthToken

from tests.factories import PASSWORD, UserFactory

ROOT = Path(__file__).resolve().parents[2]
TOKEN_URL = "/api/v1/auth/token/"
LOGIN_URL = "/accounts/login/"
PROXY = "203.0.113.7"  # the address our proxy saw and appended, last in X-Forwarded-For
WORKERS = 2
SERVER_SETTINGS = "tests.integration.server_settings"
# The servers' login throttle: the production count, over an hour rather than a minute, so a
# busy machine (each request on a freshly forked worker) cannot let the window pass mid-test.
LOGIN_RATE = "10/hour"
ADDRESS_LIMIT = 8  # LOGIN_ADDRESS_FAILURE_LIMIT: failures from one address, all usernames

pytestmark = pytest.mark.integration


def _production_env(database_url: str, static_root: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": SERVER_SETTINGS,
        "TEST_STATIC_ROOT": str(static_root),
        "DATABASE_URL": database_url,
        "CELERY_BROKER_URL": os.environ["CELERY_BROKER_URL"],
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "two-processes-" + "s" * 60,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SITE_URL": "http://127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "DJANGO_TRUSTED_PROXIES": "1",
        "API_LOGIN_RATE": LOGIN_RATE,
        "LOGIN_ADDRESS_FAILURE_LIMIT": str(ADDRESS_LIMIT),
        "PYTHONUNBUFFERED": "1",
    }


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """A gunicorn with ``WORKERS`` processes; each request on a connection of its own."""

    def __init__(self, env: dict[str, str], log_dir: Path) -> None:
        self.port = _free_port()
        self.access_log = log_dir / "access.log"
        self.error_log = log_dir / "error.log"
        self.process = subprocess.Popen(
            [
                str(Path(sys.executable).parent / "gunicorn"),
                "config.wsgi",
                "-b",
                f"127.0.0.1:{self.port}",
                "-w",
                str(WORKERS),
                "--preload",
                "--max-requests",
                "1",
                "--access-logfile",
                str(self.access_log),
                "--access-logformat",
                "%(p)s %(m)s %(U)s %(s)s",  # the worker's pid first
                "--error-logfile",
                str(self.error_log),
            ],
            cwd=ROOT,
            env=env,
            start_new_session=True,
        )
        self._wait_until_up()

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                if self.request("GET", "/healthz")[0] in (200, 503):
                    return
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise RuntimeError(f"gunicorn did not start:\n{self.error_log.read_text()[-3000:]}")

    def request(self, method: str, path: str, *, body: bytes | None = None, headers=None):
        """(status, headers, text) of one request on a fresh connection."""
        link = http.client.HTTPConnection("127.0.0.1", self.port, timeout=20)
        try:
            link.request(
                method, path, body=body, headers={"Connection": "close", **(headers or {})}
            )
            answer = link.getresponse()
            return answer.status, answer.headers, answer.read().decode()
        finally:
            link.close()

    def token(self, username: str, password: str, *, forwarded_for: str | None = None):
        headers = {"Content-Type": "application/json"}
        if forwarded_for:
            headers["X-Forwarded-For"] = forwarded_for
        body = json.dumps({"username": username, "password": password}).encode()
        status, answer_headers, text = self.request("POST", TOKEN_URL, body=body, headers=headers)
        return status, answer_headers, json.loads(text)

    def pids_that_answered(self) -> set[str]:
        lines = self.access_log.read_text().splitlines() if self.access_log.exists() else []
        return {line.split()[0] for line in lines if " /healthz " not in line}

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)


@pytest.fixture(scope="session")
def static_root(tmp_path_factory):
    """The collected static files production pages need (manifest storage)."""
    root = tmp_path_factory.mktemp("static")
    env = _production_env(os.environ["DATABASE_URL"], root)
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    return root


@pytest.fixture
def server(transactional_db, static_root, tmp_path, request):
    """Gunicorn on pytest-django's test database and the suite's Redis, for one test."""
    parts = urlsplit(os.environ["DATABASE_URL"])
    database_url = urlunsplit(parts._replace(path="/" + connection.settings_dict["NAME"]))
    cache.clear()  # the suite's Redis database: no throttle count left by an earlier test
    process = Server(_production_env(database_url, static_root), tmp_path)
    request.addfinalizer(process.stop)
    return process


@pytest.fixture
def coach(transactional_db):
    """A coach the production server lets in: password hashed as production hashes (the
    suite hashes with MD5 for speed) and email address verified (production requires it)."""
    hasher = PBKDF2PasswordHasher()
    user = UserFactory(username="coach", email="coach@example.org")
    user.password = hasher.encode(PASSWORD, hasher.salt())
    user.save(update_fields=["password"])
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def _served_by_both(server: Server) -> None:
    assert len(server.pids_that_answered()) >= WORKERS, "one process answered every request"


def test_guessing_on_the_token_endpoint_locks_out_across_processes(server, coach):
    limit = settings.AXES_FAILURE_LIMIT
    answers = [server.token("coach", f"guess-{n}") for n in range(15)]

    statuses = [status for status, _, _ in answers]
    first_refusal = statuses.index(429)
    assert first_refusal == limit - 1 < 14  # the fifth wrong password, not ten per process
    assert statuses[:first_refusal] == [400] * first_refusal
    assert answers[first_refusal][2]["error"]["code"] == "locked_out"
    assert set(statuses[first_refusal:]) == {429}

    status, headers, _body = server.token("coach", PASSWORD)

    assert status == 429
    assert int(headers["Retry-After"]) > 0
    assert not AuthToken.objects.filter(user=coach).exists()
    _served_by_both(server)


def test_forged_forwarded_for_does_not_escape_the_address_lockout(server, coach):
    limit = ADDRESS_LIMIT
    # a new username and a new forged left part every time: only the address can lock
    answers = [
        server.token(f"nobody{n}", "guess", forwarded_for=f"10.66.{n}.1, {PROXY}")
        for n in range(15)
    ]

    statuses = [status for status, _, _ in answers]
    assert statuses.index(429) == limit - 1
    assert answers[limit - 1][2]["error"]["code"] == "locked_out"
    assert set(statuses[limit - 1 :]) == {429}

    locked = server.token("coach", PASSWORD, forwarded_for=f"192.0.2.200, {PROXY}")
    elsewhere = server.token("coach", PASSWORD, forwarded_for=f"{PROXY}, 198.51.100.9")

    assert locked[0] == 429
    assert elsewhere[0] == 200  # another client behind the same proxy still signs in
    assert "token" in elsewhere[2]
    _served_by_both(server)


def _csrf(server: Server) -> tuple[str, str]:
    status, headers, page = server.request("GET", LOGIN_URL)
    assert status == 200
    cookies = SimpleCookie()
    for value in headers.get_all("Set-Cookie"):
        cookies.load(value)
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    return cookies[settings.CSRF_COOKIE_NAME].value, token


def _post_form(server: Server, cookie: str, token: str, password: str):
    body = urlencode({"csrfmiddlewaretoken": token, "login": "coach", "password": password})
    return server.request(
        "POST",
        LOGIN_URL,
        body=body.encode(),
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"{settings.CSRF_COOKIE_NAME}={cookie}",
        },
    )


def test_the_web_form_locks_out_across_processes_and_says_when_to_retry(server, coach):
    limit = settings.AXES_FAILURE_LIMIT
    cookie, token = _csrf(server)
    statuses = [_post_form(server, cookie, token, f"guess-{n}")[0] for n in range(limit + 3)]

    assert statuses == [200] * (limit - 1) + [429] * 4  # the form with its error, then locked

    status, headers, page = _post_form(server, cookie, token, PASSWORD)

    assert status == 429
    assert int(headers["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    assert f"Try again in {minutes} minutes" in page
    assert "You can try again after" in page
    assert settings.SESSION_COOKIE_NAME not in (headers.get("Set-Cookie") or "")
    _served_by_both(server)


def test_the_login_throttle_counts_across_processes(server, coach):
    assert (
        LOGIN_RATE.split("/")[0]
        == settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["login"].split("/")[0]
    )  # the production count
    allowed = int(LOGIN_RATE.split("/")[0])
    answers = [server.token("coach", PASSWORD) for _ in range(allowed + 1)]

    assert [status for status, _, _ in answers] == [200] * allowed + [429]
    _status, headers, body = answers[-1]
    assert body["error"]["code"] == "throttled"
    assert int(headers["Retry-After"]) > 0
    assert AuthToken.objects.filter(user=coach).count() == allowed
    _served_by_both(server)
