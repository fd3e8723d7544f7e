"""Refusing webhook URLs that point inside our own network (SSRF).

A URL is refused unless it is http(s), carries no user name, names a port among 80, 443 and
``settings.WEBHOOKS_ALLOWED_PORTS``, and its host resolves only to global addresses (not
private, loopback, link-local, carrier-grade NAT, reserved, multicast...). It is checked at
registration (a field error) and again before each send, and the send connects only to the
addresses that were checked (:func:`url_resolve`): a name that resolves elsewhere a second
time (DNS rebinding) gets no second lookup. ``settings.WEBHOOKS_ALLOW_PRIVATE`` lifts the address
rule (not the port rule): on by default in development (``DEBUG``), off in production.
"""

import ipaddress
import socket
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _

from core.refusals import Refused

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
USUAL_PORTS = (80, 443)
NAT64 = ipaddress.ip_network("64:ff9b::/96")


@dataclass(frozen=True)
class CheckedURL:
    """A URL that passed :func:`url_resolve`, with the addresses to connect to (all checked;
    tried in the resolver's order)."""

    url: str
    host: str
    port: int
    addresses: tuple[Address, ...]


def private_allowed() -> bool:
    return bool(getattr(settings, "WEBHOOKS_ALLOW_PRIVATE", settings.DEBUG))


def allowed_ports() -> set[int]:
    return {*USUAL_PORTS, *getattr(settings, "WEBHOOKS_ALLOWED_PORTS", ())}


def _addresses(host: str) -> list[Address]:
    try:
        found = socket.getaddrinfo(host, None, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError):
        return []
    return [ipaddress.ip_address(info[4][0].split("%")[0]) for info in found]


def _embedded(address: Address) -> Address:
    """The IPv4 address an IPv6 one carries (mapped, 6to4, Teredo, NAT64), else itself."""
    if isinstance(address, ipaddress.IPv6Address):
        if address in NAT64:
            return ipaddress.IPv4Address(int(address) & 0xFFFFFFFF)
        inner = address.ipv4_mapped or address.sixtofour or (address.teredo or (None, None))[1]
        if inner is not None:
            return inner
    return address


def _internal(address: Address) -> bool:
    address = _embedded(address)
    return not address.is_global or address.is_multicast


def url_resolve(url: str, *, field: str = "url") -> CheckedURL:
    """Check ``url`` (raise ``Refused`` naming ``field``) and return it with the
    addresses it resolved to, the only ones to connect to."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise Refused(
            "url_not_http", _("Enter an http or https URL with a host name."), field=field
        )
    if parts.username or parts.password:
        raise Refused(
            "url_credentials",
            _("A webhook URL may not carry a user name or password."),
            field=field,
        )
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        raise Refused(
            "port_not_a_number", _("This URL's port is not a number."), field=field
        ) from None
    if port not in allowed_ports():
        raise Refused(
            "port_not_allowed",
            _("Webhooks are only sent to ports %(ports)s, not %(port)d."),
            field=field,
            ports=", ".join(map(str, sorted(allowed_ports()))),
            port=port,
        )
    addresses = _addresses(parts.hostname)
    if not addresses:
        raise Refused("host_unresolved", _("This host name cannot be resolved."), field=field)
    if not private_allowed() and any(_internal(address) for address in addresses):
        raise Refused(
            "address_not_public",
            _(
                "This URL points to a private, loopback, link-local or other non-public "
                "address: webhooks are only sent to public addresses."
            ),
            field=field,
        )
    unique = tuple(dict.fromkeys(addresses))
    return CheckedURL(url=url, host=parts.hostname, port=port, addresses=unique)


def url_check(url: str, *, field: str = "url") -> None:
    """Raise ``Refused`` naming ``field`` unless ``url`` may receive webhooks."""
    url_resolve(url, field=field)
