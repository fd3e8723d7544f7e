"""Integration fixtures: the real PostgreSQL and Redis, and a real Celery worker process.

These tests run only under ``make test-integration`` (``.ci/run`` sets ``DATABASE_URL`` and
``CELERY_BROKER_URL``). Without them they fail loudly rather than pass or skip.
"""

import os
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest
from celery import current_app
from django.conf import settings
from django.db import connection

from config.celery import QUEUES
from config.workers import POOLS

ROOT = Path(__file__).resolve().parents[2]


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "tests/integration/" in str(item.fspath):
            item.add_marker(pytest.mark.integration)


@pytest.fixture(scope="session", autouse=True)
def _require_real_services():
    engine = settings.DATABASES["default"]["ENGINE"]
    if engine != "django.db.backends.postgresql" or settings.CELERY_TASK_ALWAYS_EAGER:
        pytest.fail(
            "integration tests need DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis): "
            "run them with `make test-integration` or `bash .ci/run`"
        )


class Worker:
    """A ``celery worker`` child process on the test database; killable, restartable."""

    def __init__(
        self, database_url: str, log_path: Path, *, concurrency: int = 2, pools: bool = False
    ) -> None:
        self.database_url = database_url
        self.log_path = log_path
        self.concurrency = concurrency
        # The two pools of `make worker` (config.workers) instead of one worker on every queue.
        self.pools = pools
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, name: str = "it", *, timeout: float = 30) -> None:
        env = {**os.environ, "DATABASE_URL": self.database_url, "PYTHONUNBUFFERED": "1"}
        log = self.log_path.open("ab")
        options = ["-l", "info", "--without-gossip", "--without-mingle", "--without-heartbeat"]
        command = [
            *(sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", QUEUES),
            *("--concurrency", str(self.concurrency), "--prefetch-multiplier", "1"),
            *("-n", f"{name}@%h", *options),
        ]
        if self.pools:  # the same options, for both pools
            command = [sys.executable, "-m", "config.workers", *options]
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        pools = len(POOLS) if self.pools else 1  # each says "ready." once
        while (
            self.log_path.read_text(errors="replace").split("== START ==")[-1].count("ready.")
            < pools
        ):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(
                    f"celery worker did not start:\n{self.log_path.read_text()[-3000:]}"
                )
            time.sleep(0.2)

    def kill(self) -> None:
        """SIGKILL the worker and its pool children at once, as a crashed machine would."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()

    def mark(self) -> None:
        with self.log_path.open("a") as log:
            log.write("\n== START ==\n")

    def errors(self) -> list[str]:
        text = self.log_path.read_text(errors="replace")
        return [line for line in text.splitlines() if "ERROR" in line or "Traceback" in line]


def _running_worker(tmp_path: Path, *, pools: bool = False):
    parts = urlsplit(os.environ["DATABASE_URL"])
    test_db_url = urlunsplit(parts._replace(path="/" + connection.settings_dict["NAME"]))
    from config.celery import app

    app.control.purge()
    process = Worker(test_db_url, tmp_path / "worker.log", pools=pools)
    process.mark()
    process.start()
    yield process
    process.stop()


@pytest.fixture
def worker(transactional_db, tmp_path):
    """A running worker for one test, pointed at pytest-django's test database."""
    yield from _running_worker(tmp_path)


@pytest.fixture
def worker_pools(transactional_db, tmp_path):
    """The workers of ``make worker`` (``config.workers``: two pools) for one test."""
    yield from _running_worker(tmp_path, pools=True)


def wait_until(predicate, *, timeout: float = 60.0, interval: float = 0.2) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise AssertionError(f"condition not met within {timeout} s")
        time.sleep(interval)


def someone_waits_on_a_lock(blocker_pid: int) -> bool:
    """Whether a session of the test database other than ``blocker_pid`` waits on a lock."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity"
            " WHERE wait_event_type = 'Lock' AND datname = current_database() AND pid <> %s",
            [blocker_pid],
        )
        return cursor.fetchone()[0] >= 1


@pytest.fixture
def broker_down():
    """The Celery app pointed at a port where nothing listens, for this test only."""
    with broker_unreachable():
        yield


@contextmanager
def broker_unreachable():
    """The Celery app pointed at a port where nothing listens, inside the block."""
    real = current_app.conf.broker_write_url

    def fresh_pools():  # the app builds its connection and producer pools again, lazily
        current_app._pool = None
        current_app.amqp._producer_pool = None

    current_app.conf.broker_write_url = "redis://127.0.0.1:9/0"
    fresh_pools()
    try:
        yield
    finally:
        current_app.conf.broker_write_url = real
        fresh_pools()
