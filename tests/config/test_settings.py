"""Production settings are safe by default and fail loudly when misconfigured."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCTION = {
    "DJANGO_DEBUG": "false",
    "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
    "DJANGO_ALLOWED_HOSTS": "league.example.org",
    "DATABASE_URL": "postgres://u:p@db.example:5432/league",
    "CELERY_BROKER_URL": "redis://redis.example:6379/0",
    "SITE_URL": "https://league.example.org",
}
DEVELOPMENT = {"DJANGO_DEBUG": "true"}


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "DATABASE_", "CELERY_", "REDIS_URL", "SITE_URL"))
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**clean, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_settings_pass_the_deployment_checklist():
    done = _manage("check", "--deploy", "--fail-level", "WARNING", **PRODUCTION)

    assert done.returncode == 0, done.stderr
    assert "no issues" in done.stdout


SHOW_DATABASE = (
    "from django.conf import settings as s; d = s.DATABASES['default']; o = d.get('OPTIONS', {}); "
    "print(d['DISABLE_SERVER_SIDE_CURSORS'], o.get('server_side_binding'), "
    "'prepare_threshold' in o, o.get('prepare_threshold'))"
)


@pytest.mark.parametrize(
    ("environment", "shown"),
    [
        ({}, "False True True 2"),  # bound and prepared on the server, after 2 runs
        ({"DATABASE_PREPARED_STATEMENTS": "true"}, "False True True 2"),
        # bound on the client; psycopg's default (prepare after 5 runs) is left alone
        ({"DATABASE_PREPARED_STATEMENTS": "false"}, "False None False None"),
        # PgBouncer in transaction pooling: no server-side cursor, never prepared
        ({"DATABASE_TRANSACTION_POOLING": "true"}, "True None True None"),
        (
            {"DATABASE_TRANSACTION_POOLING": "true", "DATABASE_PREPARED_STATEMENTS": "true"},
            "True None True None",
        ),
    ],
)
def test_transaction_pooling_turns_off_server_side_cursors_and_every_preparation(
    environment, shown
):
    done = _manage(
        "shell",
        "-c",
        SHOW_DATABASE,
        **DEVELOPMENT,
        DATABASE_URL="postgres://u:p@pgbouncer.example:6432/league",
        **environment,
    )

    assert done.stdout.split()[-4:] == shown.split(), done.stderr


def test_production_refuses_to_start_without_a_real_secret_key():
    done = _manage("check", **{**PRODUCTION, "DJANGO_SECRET_KEY": "short"})

    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY" in done.stderr


@pytest.mark.parametrize(
    "key",
    ["k" * 64, "abab" * 20, "django-insecure-" + secrets.token_urlsafe(50)],
    # named, not shown: each pytest-xdist worker draws its own random key, and every worker
    # must collect the same test ids
    ids=["one character repeated", "a few characters repeated", "django-insecure- prefixed"],
)
def test_production_refuses_a_secret_key_of_one_repeated_character_or_a_few(key):
    done = _manage("check", **{**PRODUCTION, "DJANGO_SECRET_KEY": key})

    assert done.returncode != 0
    assert done.stderr.strip().splitlines() == [
        "error: DJANGO_SECRET_KEY: must be 50+ random characters when DJANGO_DEBUG=false "
        "(make one: python3 -c 'import secrets; print(secrets.token_urlsafe(50))')"
    ]


def test_debug_is_off_unless_asked():
    show = "from django.conf import settings as s; print(s.DEBUG)"

    asked = _manage("shell", "-c", show, **DEVELOPMENT)
    unset = _manage(
        "shell", "-c", show, **{k: v for k, v in PRODUCTION.items() if k != "DJANGO_DEBUG"}
    )

    assert asked.stdout.split()[-1:] == ["True"], asked.stderr
    assert unset.stdout.split()[-1:] == ["False"], unset.stderr


def test_production_names_every_missing_variable_in_one_line():
    done = _manage("check")  # nothing set: production, the default

    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    for name in (
        "DJANGO_SECRET_KEY",
        "DJANGO_ALLOWED_HOSTS",
        "DATABASE_URL",
        "CELERY_BROKER_URL",
        "REDIS_URL",
        "SITE_URL",
    ):
        assert name in lines[0]


@pytest.mark.parametrize("missing", ["DATABASE_URL", "CELERY_BROKER_URL", "SITE_URL"])
def test_production_refuses_to_start_without_each_of_its_services(missing):
    env = {k: v for k, v in PRODUCTION.items() if k != missing}

    done = _manage("check", **env)

    assert done.returncode != 0
    assert done.stderr.startswith(f"error: DJANGO_DEBUG=false (production) needs {missing}")


def test_production_needs_a_shared_cache_when_the_broker_is_not_redis():
    with_amqp = {**PRODUCTION, "CELERY_BROKER_URL": "amqp://rabbit.example:5672//"}

    without_cache = _manage("check", **with_amqp)
    with_cache = _manage("check", **with_amqp, REDIS_URL="redis://redis.example:6379/1")

    assert without_cache.returncode != 0
    assert "needs REDIS_URL" in without_cache.stderr
    assert with_cache.returncode == 0, with_cache.stderr


def test_production_refuses_to_start_without_allowed_hosts():
    env = {k: v for k, v in PRODUCTION.items() if k != "DJANGO_ALLOWED_HOSTS"}

    done = _manage("check", **env)

    assert done.returncode != 0
    assert "DJANGO_ALLOWED_HOSTS" in done.stderr


@pytest.mark.parametrize("hosts", ["*", "league.example.org,*"])
def test_production_refuses_to_answer_any_host(hosts):
    in_production = _manage("check", **{**PRODUCTION, "DJANGO_ALLOWED_HOSTS": hosts})
    in_development = _manage("check", **DEVELOPMENT, DJANGO_ALLOWED_HOSTS=hosts)

    assert in_production.returncode != 0
    assert in_production.stderr.strip().splitlines() == [
        "error: DJANGO_ALLOWED_HOSTS: '*' would answer any host: list the site's own names"
    ]
    assert in_development.returncode == 0, in_development.stderr


def test_development_without_environment_means_sqlite_and_eager_tasks():
    done = _manage(
        "shell",
        "-c",
        "from django.conf import settings as s; print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER)",
        **DEVELOPMENT,
    )

    assert done.stdout.split()[-2:] == ["django.db.backends.sqlite3", "True"]


def test_database_and_broker_urls_switch_to_postgresql_and_real_workers():
    done = _manage(
        "shell",
        "-c",
        "from django.conf import settings as s; print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER)",
        **DEVELOPMENT,
        DATABASE_URL="postgres://u:p@db.example:5432/league",
        CELERY_BROKER_URL="redis://redis.example:6379/0",
    )

    assert done.stdout.split()[-2:] == ["django.db.backends.postgresql", "False"]


SHOW_SKIPPED = (
    "from django.conf import settings as s; print('skipped:', sorted(s.EAGER_TASKS_SKIPPED))"
)


@pytest.mark.parametrize("environment", [PRODUCTION, DEVELOPMENT], ids=["production", "make-run"])
def test_every_eager_task_runs_outside_the_test_settings(environment):
    """Only tests/settings.py leaves the forecast and ratings follow-up tasks out of an eager
    run (core.enqueue): a deployment, and make run, run every task."""
    done = _manage("shell", "-c", SHOW_SKIPPED, **environment)

    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-2:] == ["skipped:", "[]"]
