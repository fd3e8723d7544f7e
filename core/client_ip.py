"""The client's address, as the project's own proxies report it.

``TRUSTED_PROXY_COUNT`` proxies of ours stand in front of the site; each appends the address
it saw to ``X-Forwarded-For``. The client is the entry the outermost of them wrote: that many
places from the right. Entries further left came from the client and prove nothing. With no
proxy of ours, the connection's own address; the connection's too when the entry is not an
address at all (a proxy misconfigured, or fewer of ours than the setting says). DRF's throttles read the same setting
(``NUM_PROXIES``), so the login limits and django-axes agree on who is guessing.
"""

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def _is_address(value: str) -> bool:
    try:
        ipaddress.ip_address(value)
    except ValueError:
        return False
    return True


def client_ip_of(request: HttpRequest) -> str:
    remote = request.META.get("REMOTE_ADDR", "")
    count = settings.TRUSTED_PROXY_COUNT
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    if not count or not forwarded:
        return remote
    hops = [hop.strip() for hop in forwarded.split(",")]
    client = hops[-min(count, len(hops))]
    return client if _is_address(client) else remote
