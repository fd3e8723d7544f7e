"""Strict readers of the environment for the settings.

A variable that is set must hold a usable value: an empty, malformed or out-of-range one
stops start-up with one line naming the variable and what it expects, never a traceback from
deep inside Django. Unset variables fall back to their defaults, except those production
(``DJANGO_DEBUG`` false, the default) requires: ``require_for_production`` names every one
missing, in one line.
"""

import os
import re
from urllib.parse import urlsplit

import environ
from django.core.checks.security.base import (
    SECRET_KEY_INSECURE_PREFIX,
    SECRET_KEY_MIN_LENGTH,
    SECRET_KEY_MIN_UNIQUE_CHARACTERS,
)
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
        if "*" in host and not debug:
            # Any Host header would be answered, and links built from it (docs/operations.md).
            raise BadSetting(name, f"{host!r} would answer any host: list the site's own names")
    return hosts


TRUE_WORDS = ("true", "yes", "on", "1")
FALSE_WORDS = ("false", "no", "off", "0")


def _raw(name: str) -> str | None:
    """The variable's value, or None when unset; set but empty stops start-up."""
    if _set_but_empty(name):
        raise BadSetting(name, "is set but empty (leave it unset for the default)")
    raw = os.environ.get(name)
    return None if raw is None else raw.strip()


def boolean(name: str, default: bool) -> bool:
    """true/yes/on/1 or false/no/off/0, in any case; anything else stops start-up."""
    raw = _raw(name)
    if raw is None:
        return default
    if raw.lower() in TRUE_WORDS:
        return True
    if raw.lower() in FALSE_WORDS:
        return False
    raise BadSetting(name, f"{raw!r} is not true or false")


def integer(name: str, default: int, minimum: int = 0, maximum: int | None = None) -> int:
    """A whole number within bounds (``minimum`` 1 where 0 would make no sense)."""
    raw = _raw(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadSetting(name, f"{raw!r} is not a whole number") from None
    if value < minimum:
        raise BadSetting(name, f"{value} is too small (at least {minimum})")
    if maximum is not None and value > maximum:
        raise BadSetting(name, f"{value} is too large (at most {maximum})")
    return value


RATE_PERIODS = ("s", "sec", "second", "m", "min", "minute", "h", "hour", "d", "day")
_RATE = re.compile(rf"([1-9][0-9]*)/({'|'.join(RATE_PERIODS)})")


def rate(name: str, default: str) -> str:
    """A request rate as DRF reads it: ``<count>/<period>``, e.g. ``10/minute``."""
    raw = _raw(name)
    if raw is None:
        return default
    if not _RATE.fullmatch(raw):
        raise BadSetting(
            name,
            f"{raw!r} is not a rate (expected <count>/<second|minute|hour|day>, e.g. 10/minute)",
        )
    return raw


def text(name: str, default: str, choices: tuple[str, ...] = ()) -> str:
    """A string, one of ``choices`` when given."""
    raw = _raw(name)
    if raw is None:
        return default
    if choices and raw not in choices:
        raise BadSetting(name, f"{raw!r} is not one of {', '.join(choices)}")
    return raw


def site_url(debug: bool) -> str:
    """``SITE_URL``: the site's address as users reach it, without a trailing slash."""
    name = "SITE_URL"
    raw = _raw(name)
    if raw is None:
        return "http://localhost:8000" if debug else ""
    parts = urlsplit(raw)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise BadSetting(name, f"{raw!r} is not a site address (e.g. https://league.example.org)")
    return raw.rstrip("/")


def origins(name: str) -> list[str]:
    """Comma-separated origins, scheme included (``https://league.example.org``)."""
    raw = _raw(name)
    if raw is None:
        return []
    found = [origin.strip() for origin in raw.split(",")]
    for origin in found:
        parts = urlsplit(origin)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise BadSetting(name, f"{origin!r} is not an origin (e.g. https://league.example.org)")
    return found


DEVELOPMENT_SECRET_KEY = "dev-only-insecure-secret-key-do-not-use-in-production-0123456789"


def secret_key(debug: bool) -> str:
    """``DJANGO_SECRET_KEY``; in production 50+ characters, not one repeated (Django's own
    deployment rules: at least 5 distinct characters)."""
    name = "DJANGO_SECRET_KEY"
    raw = _raw(name)
    if debug:
        return raw or DEVELOPMENT_SECRET_KEY
    if (
        raw is None
        or len(raw) < SECRET_KEY_MIN_LENGTH
        or len(set(raw)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS
        or raw == DEVELOPMENT_SECRET_KEY
        or raw.startswith(SECRET_KEY_INSECURE_PREFIX)
    ):
        raise BadSetting(
            name,
            "must be 50+ random characters when DJANGO_DEBUG=false (make one: python3 -c "
            "'import secrets; print(secrets.token_urlsafe(50))')",
        )
    return raw


def require_for_production(debug: bool) -> None:
    """Production (DJANGO_DEBUG=false) names every missing variable it needs, in one line:
    without them it would run on SQLite, run tasks inside the web process and keep a cache
    (rate limits, throttles) per process, silently."""
    if debug:
        return
    missing = [
        name
        for name in (
            "DJANGO_SECRET_KEY",
            "DJANGO_ALLOWED_HOSTS",
            "DATABASE_URL",
            "CELERY_BROKER_URL",
            "SITE_URL",
        )
        if name not in os.environ
    ]
    broker = os.environ.get("CELERY_BROKER_URL")
    scheme = urlsplit(broker or "").scheme
    # (a broker URL that is empty or not a URL at all is the broker reader's to name)
    not_redis = scheme in BROKER_SCHEMES and scheme not in ("redis", "rediss")
    if "REDIS_URL" not in os.environ and (broker is None or not_redis):
        missing.append("REDIS_URL (the shared cache; or a redis:// CELERY_BROKER_URL)")
    if missing:
        raise ImproperlyConfigured(
            f"DJANGO_DEBUG=false (production) needs {', '.join(missing)}: set them "
            "(see .env.example), or set DJANGO_DEBUG=true for development"
        )


SMTP_OPTIONS = {
    "EMAIL_HOST": "host",
    "EMAIL_PORT": "port",
    "EMAIL_HOST_USER": "username",
    "EMAIL_HOST_PASSWORD": "password",
    "EMAIL_USE_TLS": "use_tls",
    "EMAIL_USE_SSL": "use_ssl",
}


def _smtp_variables() -> dict:
    options: dict = {"host": os.environ["EMAIL_HOST"]}
    if "EMAIL_PORT" in os.environ:
        options["port"] = integer("EMAIL_PORT", default=25, minimum=1, maximum=65535)
    for variable in ("EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD"):
        if variable in os.environ:
            options[SMTP_OPTIONS[variable]] = os.environ[variable]
    for variable in ("EMAIL_USE_TLS", "EMAIL_USE_SSL"):
        if variable in os.environ:
            options[SMTP_OPTIONS[variable]] = boolean(variable, default=False)
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
            return {
                "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                "OPTIONS": _smtp_variables(),
            }
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
