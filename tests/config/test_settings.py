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
}


def _manage(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("DJANGO_", "DATABASE_URL", "CELERY_"))
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


@pytest.mark.parametrize(("pooling", "disabled"), [(None, "False"), ("true", "True")])
def test_transaction_pooling_turns_off_server_side_cursors(pooling, disabled):
    # behind PgBouncer in transaction pooling a server-side cursor would outlive its connection
    extra = {"DATABASE_TRANSACTION_POOLING": pooling} if pooling else {}
    done = _manage(
        "shell",
        "-c",
        "from django.conf import settings as s; "
        "print(s.DATABASES['default']['DISABLE_SERVER_SIDE_CURSORS'])",
        DATABASE_URL="postgres://u:p@pgbouncer.example:6432/league",
        **extra,
    )

    assert done.stdout.split()[-1:] == [disabled], done.stderr


@pytest.mark.parametrize(
    ("prepared", "options"),
    [(None, "True 2"), ("true", "True 2"), ("false", "None None")],
)
def test_postgresql_queries_are_bound_and_prepared_on_the_server_unless_turned_off(
    prepared, options
):
    extra = {"DATABASE_PREPARED_STATEMENTS": prepared} if prepared else {}
    done = _manage(
        "shell",
        "-c",
        "from django.conf import settings as s; o = s.DATABASES['default'].get('OPTIONS', {}); "
        "print(o.get('server_side_binding'), o.get('prepare_threshold'))",
        DATABASE_URL="postgres://u:p@db.example:5432/league",
        **extra,
    )

    assert done.stdout.split()[-2:] == options.split(), done.stderr


def test_production_refuses_to_start_without_a_real_secret_key():
    done = _manage("check", **{**PRODUCTION, "DJANGO_SECRET_KEY": "short"})

    assert done.returncode != 0
    assert "DJANGO_SECRET_KEY" in done.stderr


def test_production_refuses_to_start_without_allowed_hosts():
    env = {k: v for k, v in PRODUCTION.items() if k != "DJANGO_ALLOWED_HOSTS"}

    done = _manage("check", **env)

    assert done.returncode != 0
    assert "DJANGO_ALLOWED_HOSTS" in done.stderr


def test_no_environment_means_sqlite_and_eager_tasks():
    done = _manage(
        "shell",
        "-c",
        "from django.conf import settings as s; print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER)",
    )

    assert done.stdout.split()[-2:] == ["django.db.backends.sqlite3", "True"]


def test_database_and_broker_urls_switch_to_postgresql_and_real_workers():
    done = _manage(
        "shell",
        "-c",
        "from django.conf import settings as s; print(s.DATABASES['default']['ENGINE'], s.CELERY_TASK_ALWAYS_EAGER)",
        DATABASE_URL="postgres://u:p@db.example:5432/league",
        CELERY_BROKER_URL="redis://redis.example:6379/0",
    )

    assert done.stdout.split()[-2:] == ["django.db.backends.postgresql", "False"]
