"""A variable that is set but empty or malformed stops start-up with one line naming it."""

import pytest

from tests.config.test_settings import _manage


@pytest.mark.parametrize(
    ("variable", "value", "says"),
    [
        ("DATABASE_URL", "", "is set but empty"),
        ("DATABASE_URL", "   ", "is set but empty"),
        ("DATABASE_URL", "nonsense", "is not a URL this project can use"),
        ("DATABASE_URL", "mysql://u@h/db", "is not a URL this project can use"),
        ("DATABASE_URL", "postgres://user@host:5432", "names no database"),
        ("CELERY_BROKER_URL", "", "is set but empty"),
        ("CELERY_BROKER_URL", "localhost:6379", "is not a URL this project can use"),
        ("REDIS_URL", "", "is set but empty"),
        ("REDIS_URL", "amqp://h", "is not a URL this project can use"),
        ("DJANGO_ALLOWED_HOSTS", "", "is set but empty"),
        ("DJANGO_ALLOWED_HOSTS", "https://league.example.org", "is not a host name"),
        ("DJANGO_ALLOWED_HOSTS", "a.org,,b.org", "is not a host name"),
        ("DJANGO_TRUSTED_PROXIES", "one", "is not a whole number"),
        ("LOGIN_FAILURE_LIMIT", "-1", "is negative"),
        ("LOGIN_ADDRESS_FAILURE_LIMIT", "many", "is not a whole number"),
        ("SIGNUP_RATE", "bogus", "is not a rate"),
        ("SIGNUP_RATE", "0/hour", "is not a rate"),
        ("SIGNUP_RATE", "", "is set but empty"),
    ],
)
def test_a_bad_value_stops_start_up_with_one_line_naming_the_variable(variable, value, says):
    done = _manage("check", **{variable: value})

    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr  # one line, no traceback
    assert lines[0].startswith(f"error: {variable}: ")
    assert says in lines[0]


def test_good_values_start():
    done = _manage(
        "check",
        DATABASE_URL="sqlite:///:memory:",
        CELERY_BROKER_URL="redis://127.0.0.1:6379/0",
        DJANGO_ALLOWED_HOSTS="localhost,.example.org",
    )

    assert done.returncode == 0, done.stderr


def test_mail_comes_from_email_url_or_the_usual_smtp_variables():
    show = ("from django.conf import settings; "
            "print(settings.MAILERS['default']['BACKEND'], settings.MAILERS['default'].get('OPTIONS'))")
    by_url = _manage("shell", "-c", show, EMAIL_URL="smtp+tls://u:p@mail.example.org:587")
    by_variables = _manage("shell", "-c", show, EMAIL_HOST="mail.example.org", EMAIL_PORT="587",
                           EMAIL_USE_TLS="true", EMAIL_HOST_USER="u")
    development = _manage("shell", "-c", show)

    for done in (by_url, by_variables):
        assert "smtp.EmailBackend" in done.stdout
        assert "'host': 'mail.example.org'" in done.stdout and "'port': 587" in done.stdout
        assert "'use_tls': True" in done.stdout and "'username': 'u'" in done.stdout
    assert "console.EmailBackend" in development.stdout
