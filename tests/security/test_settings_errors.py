"""A variable that is set but empty or malformed stops start-up with one line naming it."""

import pytest

from tests.config.test_settings import DEVELOPMENT, PRODUCTION, _manage


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
        ("LOGIN_FAILURE_LIMIT", "-1", "is too small (at least 1)"),
        ("LOGIN_FAILURE_LIMIT", "0", "is too small (at least 1)"),
        ("LOGIN_COOLOFF_MINUTES", "0", "is too small (at least 1)"),
        ("LOGIN_ADDRESS_FAILURE_LIMIT", "many", "is not a whole number"),
        ("LOGIN_ADDRESS_FAILURE_LIMIT", "0", "is too small (at least 1)"),
        ("DJANGO_DEBUG", "maybe", "is not true or false"),
        ("DJANGO_DEBUG", "", "is set but empty"),
        ("DJANGO_HSTS_SECONDS", "abc", "is not a whole number"),
        ("DJANGO_HSTS_SECONDS", "-1", "is too small (at least 0)"),
        ("DJANGO_SECURE_SSL_REDIRECT", "sometimes", "is not true or false"),
        ("DJANGO_CSRF_TRUSTED_ORIGINS", "league.example.org", "is not an origin"),
        ("API_TOKEN_TTL_HOURS", "", "is set but empty"),
        ("API_TOKEN_TTL_HOURS", "0", "is too small (at least 1)"),
        ("DATABASE_CONN_MAX_AGE", "x", "is not a whole number"),
        ("DATABASE_TRANSACTION_POOLING", "yes please", "is not true or false"),
        ("DATABASE_PREPARED_STATEMENTS", "2", "is not true or false"),
        ("DATABASE_PREPARE_THRESHOLD", "-2", "is too small (at least 0)"),
        ("API_WRITE_RATE", "bogus", "is not a rate"),
        ("API_LOGIN_RATE", "10", "is not a rate"),
        ("API_EXPENSIVE_RATE", "0/minute", "is not a rate"),
        ("SIGNUP_RATE", "10/fortnight", "is not a rate"),
        ("SIGNUP_RATE", "bogus", "is not a rate"),
        ("SIGNUP_RATE", "0/hour", "is not a rate"),
        ("SIGNUP_RATE", "", "is set but empty"),
        ("SIMULATION_CHUNK", "0", "is too small (at least 1)"),
        ("SIMULATION_CHUNK", "-5", "is too small (at least 1)"),
        ("SIMULATION_KICK_OFF_IN_REQUEST", "many", "is not a whole number"),
        ("SWEEPER_GRACE_SECONDS", "0", "is too small (at least 1)"),
        ("SWEEPER_MAX_ATTEMPTS", "0", "is too small (at least 1)"),
        ("CALENDAR_EVENT_MINUTES", "0", "is too small (at least 1)"),
        ("CALENDAR_UID_DOMAIN", "", "is set but empty"),
        ("EAGER_TASKS_IN_BACKGROUND", "y", "is not true or false"),
        ("QUERY_COUNT_HEADER", "on please", "is not true or false"),
        ("WEBHOOKS_ALLOW_PRIVATE", "", "is set but empty"),
        ("ACCOUNT_EMAIL_VERIFICATION", "always", "is not one of none, optional, mandatory"),
        ("DEFAULT_FROM_EMAIL", "", "is set but empty"),
        ("SITE_URL", "league.example.org", "is not a site address"),
        ("SITE_URL", "", "is set but empty"),
        ("LOG_LEVEL", "LOUD", "is not one of"),
        ("EMAIL_URL", "", "is set but empty"),
    ],
)
def test_a_bad_value_stops_start_up_with_one_line_naming_the_variable(variable, value, says):
    done = _manage("check", **{**PRODUCTION, variable: value})  # production reads every one

    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr  # one line, no traceback
    assert lines[0].startswith(f"error: {variable}: ")
    assert says in lines[0]


def test_good_values_start():
    done = _manage(
        "check",
        **DEVELOPMENT,
        DATABASE_URL="sqlite:///:memory:",
        CELERY_BROKER_URL="redis://127.0.0.1:6379/0",
        DJANGO_ALLOWED_HOSTS="localhost,.example.org",
    )

    assert done.returncode == 0, done.stderr


def test_mail_comes_from_email_url_or_the_usual_smtp_variables():
    show = (
        "from django.conf import settings; "
        "print(settings.MAILERS['default']['BACKEND'], settings.MAILERS['default'].get('OPTIONS'))"
    )
    by_url = _manage(
        "shell", "-c", show, **DEVELOPMENT, EMAIL_URL="smtp+tls://u:p@mail.example.org:587"
    )
    by_variables = _manage(
        "shell",
        "-c",
        show,
        **DEVELOPMENT,
        EMAIL_HOST="mail.example.org",
        EMAIL_PORT="587",
        EMAIL_USE_TLS="true",
        EMAIL_HOST_USER="u",
    )
    development = _manage("shell", "-c", show, **DEVELOPMENT)

    for done in (by_url, by_variables):
        assert "smtp.EmailBackend" in done.stdout
        assert "'host': 'mail.example.org'" in done.stdout and "'port': 587" in done.stdout
        assert "'use_tls': True" in done.stdout and "'username': 'u'" in done.stdout
    assert "console.EmailBackend" in development.stdout
