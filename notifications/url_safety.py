"""Refusing webhook URLs that point inside our own network (SSRF).

A URL whose host resolves to a private, loopback, link-local, multicast, reserved or
unspecified address is refused, at registration (a field error) and again before each send
(the name may resolve elsewhere by then). ``settings.WEBHOOKS_ALLOW_PRIVATE`` lifts the rule:
on by default in development (``DEBUG``), off in production.
"""

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


def private_allowed() -> bool:
    return bool(getattr(settings, "WEBHOOKS_ALLOW_PRIVATE", settings.DEBUG))


def _addresses(host: str) -> list[ipaddress.IPv4Address | ipaddress.IPv6Address]:
    try:
        found = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError):
        return []
    return [ipaddress.ip_address(info[4][0].split("%")[0]) for info in found]


def _internal(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    mapped = getattr(address, "ipv4_mapped", None)
    if mapped is not None:
        address = mapped
    return (
        address.is_private
        or address.is_loopback
        or address.is_link_local
        or address.is_multicast
        or address.is_reserved
        or address.is_unspecified
    )


def url_check(url: str, *, field: str = "url") -> None:
    """Raise ``ValidationError({field: ...})`` unless ``url`` is an http(s) URL whose host
    resolves only to public addresses (or private ones are allowed)."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValidationError({field: _("Enter an http or https URL with a host name.")})
    if parts.username or parts.password:
        raise ValidationError({field: _("A webhook URL may not carry a user name or password.")})
    addresses = _addresses(parts.hostname)
    if not addresses:
        raise ValidationError({field: _("This host name cannot be resolved.")})
    if not private_allowed() and any(_internal(address) for address in addresses):
        raise ValidationError(
            {
                field: _(
                    "This URL points to a private, loopback or link-local address: webhooks "
                    "are only sent to public addresses."
                )
            }
        )
