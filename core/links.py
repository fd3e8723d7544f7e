"""Absolute links to the site, always from ``settings.SITE_URL``.

Never from the request (``build_absolute_uri``, ``get_host``): the ``Host`` header is the
client's to write, and a link built from it in an email, a calendar or a webhook payload would
send its reader wherever the client chose (a password reset link to an attacker's host)."""

from urllib.parse import urlsplit

from django.conf import settings


def site_url(path: str) -> str:
    """``path`` (starting with ``/``) on the site; a link that is already absolute is kept."""
    base = settings.SITE_URL.rstrip("/")
    return f"{base}{path}" if path.startswith("/") and base else path


def site_host() -> str:
    """The site's host and port as users reach it (``league.example.org``)."""
    return urlsplit(settings.SITE_URL).netloc
