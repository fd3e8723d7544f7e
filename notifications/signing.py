"""How a webhook delivery is signed, and how a receiver checks it.

The body is sent as it was signed. The headers:

* ``X-League-Timestamp``: seconds since the epoch when the attempt was made;
* ``X-League-Signature``: ``sha256=`` and the hex HMAC-SHA256, keyed with the endpoint's
  secret, of the timestamp, a dot and the raw body (``f"{timestamp}.".encode() + body``).
  For a while after the secret is rotated (``WEBHOOKS_SECRET_GRACE_HOURS``) the header holds
  two entries separated by a comma, as Stripe does: the new secret's signature first, then the
  old one's (``sha256=<new>,sha256=<old>``);
* ``X-League-Event``: the event kind (``fixture.played`` …);
* ``X-League-Delivery``: the delivery's id, the same on every attempt (idempotency key).

A receiver computes the same HMAC over the raw body it received, compares it in constant time
(``hmac.compare_digest``) with each entry of the header, accepts the delivery if one matches,
and refuses a timestamp older than a few minutes (a replay).
"""

import hashlib
import hmac

SIGNATURE = "X-League-Signature"
TIMESTAMP = "X-League-Timestamp"
EVENT = "X-League-Event"
DELIVERY = "X-League-Delivery"


def signature(*, secret: str, timestamp: int, body: bytes) -> str:
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"sha256={digest.hexdigest()}"


def signatures(*, secrets: list[str], timestamp: int, body: bytes) -> str:
    """The header's value: one entry per secret in use, newest first."""
    return ",".join(signature(secret=secret, timestamp=timestamp, body=body) for secret in secrets)


def signature_valid(*, secret: str, timestamp: str, body: bytes, received: str) -> bool:
    """What a receiver does (written here for its documentation and tests): true when one
    entry of the header is the signature made with ``secret``."""
    try:
        expected = signature(secret=secret, timestamp=int(timestamp), body=body)
    except ValueError:
        return False
    entries = [entry.strip() for entry in received.split(",")]
    return any([hmac.compare_digest(expected, entry) for entry in entries])
