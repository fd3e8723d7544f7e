"""Strict readers of the environment for the settings.

A variable that is set must hold a usable value: an empty or malformed one stops start-up
with one line naming the variable and what it expects, never a ``KeyError`` from deep
inside Django. Unset variables fall back to the development defaults.
"""

import os
from urllib.parse import urlsplit

import environ
from django.core.exceptions import ImproperlyConfigured

env = environ.Env()

DATABASE_SCHEMES = ("postgres", "postgresql", "pgsql", "postgis", "sqlite")
BROKER_SCHEMES = ("redis", "rediss", "amqp", "amqps", "pyamqp", "memory")


class BadSetting(ImproperlyConfigured):
    def __init__(self, name: str, problem: str) -> None:
        super().__init__(f"{name}: {problem}")


def _set_but_empty(name: str) -> bool:
    return name in os.environ and not os.environ[name].strip()


def _scheme_of(name: str, value: str, schemes: tuple[str, ...], example: str) -> str:
    scheme = urlsplit(value).scheme
    if scheme not in schemes:
        raise BadSetting(
            name, f"{value!r} is not a URL this project can use (expected e.g. {example})"
        )
    return scheme


def database(default: str) -> dict:
    """``DATABASE_URL`` as Django's DATABASES entry."""
    name = "DATABASE_URL"
    if _set_but_empty(name):
        raise BadSetting(name, "is set but empty (unset it for the SQLite development database)")
    value = os.environ.get(name, default)
    _scheme_of(name, value, DATABASE_SCHEMES, "postgres://user:password@host:5432/league")
    parsed = env.db_url_config(value)
    if not parsed.get("ENGINE"):
        raise BadSetting(name, f"{value!r} names no database engine")
    if parsed["ENGINE"] != "django.db.backends.sqlite3" and not parsed.get("NAME"):
        raise BadSetting(name, f"{value!r} names no database (add /<name> to the URL)")
    return parsed


def broker_url() -> str:
    """``CELERY_BROKER_URL``, or "" (tasks run eagerly) when unset."""
    name = "CELERY_BROKER_URL"
    if _set_but_empty(name):
        raise BadSetting(name, "is set but empty (unset it to run tasks in-process)")
    value = os.environ.get(name, "")
    if value:
        _scheme_of(name, value, BROKER_SCHEMES, "redis://localhost:6379/0")
    return value


def redis_url(broker: str) -> str:
    """``REDIS_URL``, else the broker's URL when the broker is Redis, else ""."""
    name = "REDIS_URL"
    if _set_but_empty(name):
        raise BadSetting(name, "is set but empty (unset it to use the broker's Redis, if any)")
    value = os.environ.get(name, "")
    if value:
        _scheme_of(name, value, ("redis", "rediss"), "redis://localhost:6379/1")
        return value
    return broker if urlsplit(broker).scheme in ("redis", "rediss") else ""


def allowed_hosts(debug: bool) -> list[str]:
    """``DJANGO_ALLOWED_HOSTS``: host names separated by commas."""
    name = "DJANGO_ALLOWED_HOSTS"
    if name not in os.environ:
        if debug:
            return ["localhost", "127.0.0.1", "[::1]"]
        raise BadSetting(name, "must be set when DJANGO_DEBUG=false")
    hosts = [host.strip() for host in os.environ[name].split(",")]
    if not any(hosts):
        raise BadSetting(name, "is set but empty (list the site's host names, comma-separated)")
    for host in hosts:
        if not host or "/" in host or " " in host or "://" in host:
            raise BadSetting(
                name, f"{host!r} is not a host name (e.g. league.example.org, .example.org)"
            )
    return hosts


def positive_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadSetting(name, f"{raw!r} is not a whole number") from None
    if value < 0:
        raise BadSetting(name, f"{value} is negative")
    return value


SMTP_OPTIONS = {
    "EMAIL_HOST": "host", "EMAIL_PORT": "port", "EMAIL_HOST_USER": "username",
    "EMAIL_HOST_PASSWORD": "password", "EMAIL_USE_TLS": "use_tls", "EMAIL_USE_SSL": "use_ssl",
}


def _smtp_variables() -> dict:
    options: dict = {"host": os.environ["EMAIL_HOST"]}
    if "EMAIL_PORT" in os.environ:
        options["port"] = positive_int("EMAIL_PORT", default=25)
    for variable in ("EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD"):
        if variable in os.environ:
            options[SMTP_OPTIONS[variable]] = os.environ[variable]
    for variable in ("EMAIL_USE_TLS", "EMAIL_USE_SSL"):
        if variable in os.environ:
            options[SMTP_OPTIONS[variable]] = env.bool(variable)
    return options


def mailer(debug: bool) -> dict:
    """Django's default mailer (``MAILERS["default"]``): ``EMAIL_URL`` such as
    ``smtp+tls://user:password@host:587`` when set, else the usual ``EMAIL_HOST``,
    ``EMAIL_PORT``, ``EMAIL_HOST_USER``, ``EMAIL_HOST_PASSWORD``, ``EMAIL_USE_TLS`` variables
    when ``EMAIL_HOST`` is set, else the console in development and SMTP on localhost in
    production."""
    name = "EMAIL_URL"
    if _set_but_empty(name):
        raise BadSetting(name, "is set but empty (unset it for the default mailer)")
    if name not in os.environ:
        if "EMAIL_HOST" in os.environ:  # the usual SMTP variables, one by one
            return {"BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                    "OPTIONS": _smtp_variables()}
        if debug:
            return {"BACKEND": "django.core.mail.backends.console.EmailBackend"}
        return {"BACKEND": "django.core.mail.backends.smtp.EmailBackend", "OPTIONS": {}}
    try:
        parsed = env.email_url_config(os.environ[name])
    except Exception as problem:  # django-environ raises several kinds on a bad URL
        raise BadSetting(name, f"is not a mail URL ({problem})") from None
    options = {SMTP_OPTIONS[key]: value for key, value in parsed.items() if key in SMTP_OPTIONS}
    return {"BACKEND": parsed["EMAIL_BACKEND"], "OPTIONS": options}


def ports(name: str) -> list[int]:
    """A comma-separated list of TCP ports (1-65535), or [] when unset."""
    if _set_but_empty(name):
        raise BadSetting(name, "is set but empty (unset it, or list ports such as 8080,8443)")
    raw = os.environ.get(name, "")
    found = []
    for item in raw.split(",") if raw else []:
        if not item.strip().isdigit() or not 1 <= int(item) <= 65535:
            raise BadSetting(name, f"{item.strip()!r} is not a port (a number from 1 to 65535)")
        found.append(int(item))
    return found
