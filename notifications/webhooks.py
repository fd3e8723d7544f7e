"""A league's webhooks: registering endpoints, one delivery per endpoint and event, and each
attempt to send it (claimed first, so a task run twice sends once; retried with backoff).

A delivery moves ``pending`` → ``sending`` (claimed with a conditional UPDATE, with a lease)
→ ``delivered``; a failed attempt puts it back to ``pending`` with its next attempt later
(``BACKOFF``), or ``failed`` after the last. A worker that dies while sending leaves the lease
to expire: the sweep sends it again (a receiver may then see a delivery id twice).

An endpoint of kind ``discord`` gets each event as a Discord message (``notifications.discord``)
and keeps to Discord's rate limits: when Discord asks to wait (a 429, or a spent window), the
endpoint's ``rate_limited_until`` holds every delivery to it until then; the one answered 429
is due again at that time, without waiting out BACKOFF."""

import json
import logging
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import httpx
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.enqueue import enqueue_on_commit
from core.events import Event
from core.links import site_url
from core.refusals import Refused
from league.models import League
from notifications import discord, pinned_http, signing, url_safety
from notifications.kinds import WEBHOOK_KINDS
from notifications.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint, new_secret

log = logging.getLogger(__name__)

DELIVER_TASK = "notifications.tasks.webhook_deliver_task"
BACKOFF = (
    timedelta(minutes=1),
    timedelta(minutes=5),
    timedelta(minutes=30),
    timedelta(hours=2),
    timedelta(hours=12),
)
MAX_ATTEMPTS = len(BACKOFF) + 1
RATE_LIMITED_MAX = 20
"""Attempts in all (429s included) after which a rate-limited delivery is retried by BACKOFF."""
LEASE = timedelta(seconds=60)
TIMEOUT = 5.0
SWEEP_LIMIT = 500
MAX_ENDPOINTS = 20


def _events_check(events: list[str]) -> list[str]:
    if not events:
        raise Refused("events_required", _("Choose at least one event."), field="events")
    unknown = sorted(set(events) - set(WEBHOOK_KINDS))
    if unknown:
        raise Refused(
            "unknown_event",
            _("Webhooks can only send %(kinds)s; not %(unknown)s."),
            field="events",
            kinds=", ".join(WEBHOOK_KINDS),
            unknown=", ".join(unknown),
        )
    return [kind for kind in WEBHOOK_KINDS if kind in events]


def _kind_check(kind: str, url: str, language: str) -> None:
    if kind not in WebhookEndpoint.Kind.values:
        raise Refused(
            "unknown_webhook_kind",
            _("Choose one of: %(kinds)s."),
            field="kind",
            kinds=", ".join(WebhookEndpoint.Kind.values),
        )
    if kind == WebhookEndpoint.Kind.DISCORD and not discord.is_webhook_url(url):
        raise Refused(
            "not_a_discord_webhook",
            _(
                "A Discord webhook URL ends in /api/webhooks/<id>/<token>: copy it from the "
                "channel's settings (Integrations, Webhooks)."
            ),
            field="url",
        )
    if language not in dict(settings.LANGUAGES):
        raise Refused(
            "unknown_language", _("Choose one of the offered languages."), field="language"
        )


@transaction.atomic
def endpoint_create(
    *,
    league: League,
    url: str,
    events: list[str],
    user: User | None,
    active: bool = True,
    kind: str = WebhookEndpoint.Kind.JSON,
    language: str = "",
) -> WebhookEndpoint:
    """Register ``url`` for ``events`` of ``league``, posted as ``kind`` (signed JSON, or
    Discord messages in ``language``, the site's by default); the secret is made here."""
    chosen = _events_check(events)
    language = language or settings.LANGUAGE_CODE
    _kind_check(kind, url, language)
    url_safety.url_check(url)
    League.objects.select_for_update().filter(pk=league.pk).first()
    if WebhookEndpoint.objects.filter(league=league).count() >= MAX_ENDPOINTS:
        raise Refused(
            "too_many_webhooks",
            _("A league has at most %(count)d webhooks."),
            field="url",
            count=MAX_ENDPOINTS,
        )
    return WebhookEndpoint.objects.create(
        league=league,
        url=url,
        events=chosen,
        active=active,
        created_by=user,
        kind=kind,
        language=language,
    )


def endpoint_update(
    *,
    endpoint: WebhookEndpoint,
    url: str | None = None,
    events: list[str] | None = None,
    active: bool | None = None,
    kind: str | None = None,
    language: str | None = None,
) -> WebhookEndpoint:
    if events is not None:
        endpoint.events = _events_check(events)
    kind = endpoint.kind if kind is None else kind
    language = endpoint.language if language is None else language or settings.LANGUAGE_CODE
    _kind_check(kind, endpoint.url if url is None else url, language)
    endpoint.kind, endpoint.language = kind, language
    if url is not None:
        url_safety.url_check(url)
        endpoint.url = url
    if active is not None:
        endpoint.active = active
    endpoint.save(update_fields=["url", "events", "active", "kind", "language"])
    return endpoint


def endpoint_secret_rotate(
    *, endpoint: WebhookEndpoint, now: datetime | None = None
) -> WebhookEndpoint:
    """Give the endpoint a new secret (returned on the endpoint, to be shown once). Until
    ``WEBHOOKS_SECRET_GRACE_HOURS`` have passed, deliveries are signed with the old one too;
    a second rotation within that time drops the oldest."""
    now = now or timezone.now()
    with transaction.atomic():  # two rotations at once: the second one's old secret is the first's
        endpoint = WebhookEndpoint.objects.select_for_update().get(pk=endpoint.pk)
        endpoint.previous_secret = endpoint.secret
        endpoint.previous_secret_until = now + timedelta(hours=settings.WEBHOOKS_SECRET_GRACE_HOURS)
        endpoint.secret = new_secret()
        endpoint.save(update_fields=["secret", "previous_secret", "previous_secret_until"])
    return endpoint


def endpoint_delete(*, endpoint: WebhookEndpoint) -> None:
    endpoint.delete()


def _payload(event: Event) -> dict:
    data = {
        key: value for key, value in event.data.items() if key not in ("per_recipient", "webhook")
    }
    data.update(event.data.get("webhook", {}))
    return {
        "event": event.kind,
        "key": event.key,
        "league": event.league_id,
        "url": site_url(event.url) if event.url else "",
        "data": data,
    }


def deliveries_create_many(*, events: Sequence[Event]) -> int:
    """One delivery per active endpoint of each event's league that takes its kind (none
    twice for the same event), each sent by a task once this commits: the leagues' endpoints
    read in one query, the deliveries written in one statement."""
    wanted = [event for event in events if event.kind in WEBHOOK_KINDS]
    if not wanted:
        return 0
    endpoints: dict[int | None, list[WebhookEndpoint]] = defaultdict(list)
    leagues = {event.league_id for event in wanted}
    for endpoint in WebhookEndpoint.objects.filter(league_id__in=leagues, active=True):
        endpoints[endpoint.league_id].append(endpoint)
    now = timezone.now()
    rows = [
        WebhookDelivery(
            endpoint=endpoint,
            event_key=event.key,
            kind=event.kind,
            payload=_payload(event),
            next_attempt_at=now,
        )
        for event in wanted
        for endpoint in endpoints[event.league_id]
        if event.kind in endpoint.events
    ]
    if not rows:
        return 0
    with transaction.atomic():
        WebhookDelivery.objects.bulk_create(rows, ignore_conflicts=True)
        pending = WebhookDelivery.objects.filter(
            endpoint__in={row.endpoint_id for row in rows},
            event_key__in={row.event_key for row in rows},
            status=WebhookDelivery.Status.PENDING,
        ).values_list("pk", flat=True)
        for delivery_id in pending:
            enqueue_on_commit(DELIVER_TASK, delivery_id)
    return len(pending)


def endpoint_ping(*, endpoint: WebhookEndpoint) -> WebhookDelivery:
    """A ``ping`` delivery to check the receiver (sent by the worker like any other)."""
    now = timezone.now()
    with transaction.atomic():
        delivery = WebhookDelivery.objects.create(
            endpoint=endpoint,
            event_key=f"ping:{endpoint.pk}:{now.timestamp()}",
            kind="ping",
            payload={"event": "ping", "league": endpoint.league_id, "data": {}},
            next_attempt_at=now,
        )
        enqueue_on_commit(DELIVER_TASK, delivery.pk)
    return delivery


def _claim(delivery_id: int, now: datetime) -> bool:
    due = Q(status=WebhookDelivery.Status.PENDING, next_attempt_at__lte=now)
    lapsed = Q(status=WebhookDelivery.Status.SENDING, lease_until__lt=now)
    return bool(
        WebhookDelivery.objects.filter(due | lapsed, pk=delivery_id).update(
            status=WebhookDelivery.Status.SENDING,
            lease_until=now + LEASE,
            attempts=F("attempts") + 1,
        )
    )


def _signing_secrets(endpoint: WebhookEndpoint, now: datetime) -> list[str]:
    """The current secret, then the previous one while its grace period lasts."""
    in_grace = endpoint.previous_secret and endpoint.previous_secret_until
    if in_grace and endpoint.previous_secret_until > now:
        return [endpoint.secret, endpoint.previous_secret]
    return [endpoint.secret]


def _request(delivery: WebhookDelivery, now: datetime) -> tuple[bytes, dict[str, str]]:
    """The body and headers of the delivery's POST: the signed JSON event, or a Discord
    message."""
    endpoint = delivery.endpoint
    headers = {"Content-Type": "application/json", "User-Agent": "TabletopLeague-Webhooks/1"}
    if endpoint.kind == WebhookEndpoint.Kind.DISCORD:
        text = discord.message(
            kind=delivery.kind, payload=delivery.payload, language=endpoint.language
        )
        return json.dumps(text, separators=(",", ":")).encode(), headers
    body = json.dumps(
        {**delivery.payload, "delivery": str(delivery.uuid)}, sort_keys=True, separators=(",", ":")
    ).encode()
    timestamp = int(time.time())
    secrets = _signing_secrets(endpoint, now)
    headers.update(
        {
            signing.TIMESTAMP: str(timestamp),
            signing.SIGNATURE: signing.signatures(secrets=secrets, timestamp=timestamp, body=body),
            signing.EVENT: delivery.kind,
            signing.DELIVERY: str(delivery.uuid),
        }
    )
    return body, headers


@dataclass(frozen=True)
class Sent:
    """What one attempt got: the status code (None: no answer), the error for the log (empty:
    delivered), and how long the receiver asked to be left alone (Discord's rate limits)."""

    code: int | None
    error: str = ""
    wait: timedelta | None = None


def _send(delivery: WebhookDelivery, now: datetime) -> Sent:
    """POST the delivery once, to the address checked now."""
    try:
        with translation.override("en"):  # the log is technical, like the HTTP errors beside it
            checked = url_safety.url_resolve(delivery.endpoint.url)
    except ValidationError as refused:
        return Sent(None, "; ".join(refused.messages))
    body, headers = _request(delivery, now)
    try:
        response = pinned_http.post(checked, content=body, headers=headers, timeout=TIMEOUT)
    except httpx.HTTPError as error:
        return Sent(None, f"{type(error).__name__}: {error}"[:500])
    wait = None
    if delivery.endpoint.kind == WebhookEndpoint.Kind.DISCORD:
        wait = discord.wait_asked(response)
    if 200 <= response.status_code < 300:
        return Sent(response.status_code, "", wait)
    return Sent(response.status_code, f"HTTP {response.status_code}", wait)


def _held_back(delivery: WebhookDelivery, now: datetime) -> bool:
    """The endpoint was asked to wait: the claim is given back, uncounted, due when the
    wait ends (the sweep sends it then)."""
    until = delivery.endpoint.rate_limited_until
    if until is None or until <= now:
        return False
    WebhookDelivery.objects.filter(pk=delivery.pk, status=WebhookDelivery.Status.SENDING).update(
        status=WebhookDelivery.Status.PENDING,
        next_attempt_at=until,
        lease_until=None,
        attempts=F("attempts") - 1,
    )
    return True


def delivery_attempt(*, delivery_id: int, now: datetime | None = None) -> WebhookDelivery | None:
    """Send the delivery if it is due and nobody else holds it; record the attempt.

    Returns the delivery after the attempt, or None when there was nothing to send (already
    delivered, not due, or claimed by another worker)."""
    now = now or timezone.now()
    if not _claim(delivery_id, now):
        return None
    delivery = WebhookDelivery.objects.select_related("endpoint").get(pk=delivery_id)
    if _held_back(delivery, now):
        return None
    started = time.monotonic()
    if delivery.endpoint.active:
        sent = _send(delivery, now)
    else:
        sent = Sent(None, "the endpoint is switched off")
    code, error = sent.code, sent.error
    duration = int((time.monotonic() - started) * 1000)
    if sent.wait is not None:
        WebhookEndpoint.objects.filter(pk=delivery.endpoint_id).update(
            rate_limited_until=now + sent.wait
        )
    WebhookAttempt.objects.create(
        delivery=delivery,
        number=delivery.attempts,
        status_code=code,
        error=error,
        duration_ms=duration,
    )
    log.info(
        "webhook delivery %s attempt %s to %s: %s %s",
        delivery.uuid,
        delivery.attempts,
        delivery.endpoint.url,
        code,
        error,
    )
    changes: dict = {"last_status_code": code, "last_error": error, "lease_until": None}
    if not error:
        changes.update(status=WebhookDelivery.Status.DELIVERED, delivered_at=timezone.now())
    elif code == 429 and sent.wait is not None and delivery.attempts < RATE_LIMITED_MAX:
        # told to wait, not refused: due again when the wait ends rather than by BACKOFF, and
        # not failed at MAX_ATTEMPTS (a receiver that keeps answering 429 still ends, after
        # RATE_LIMITED_MAX attempts in all)
        changes.update(status=WebhookDelivery.Status.PENDING, next_attempt_at=now + sent.wait)
    elif delivery.attempts >= MAX_ATTEMPTS or not delivery.endpoint.active:
        changes.update(status=WebhookDelivery.Status.FAILED)
    else:
        changes.update(
            status=WebhookDelivery.Status.PENDING,
            next_attempt_at=now + BACKOFF[delivery.attempts - 1],
        )
    WebhookDelivery.objects.filter(pk=delivery.pk, status=WebhookDelivery.Status.SENDING).update(
        **changes
    )
    delivery.refresh_from_db()
    return delivery


def deliveries_due(*, now: datetime | None = None) -> list[int]:
    now = now or timezone.now()
    due = Q(status=WebhookDelivery.Status.PENDING, next_attempt_at__lte=now)
    lapsed = Q(status=WebhookDelivery.Status.SENDING, lease_until__lt=now)
    return list(
        WebhookDelivery.objects.filter(due | lapsed)
        .order_by("next_attempt_at", "pk")
        .values_list("pk", flat=True)[:SWEEP_LIMIT]
    )


def webhooks_sweep() -> dict[str, int]:
    """Send again what is due or whose sender's lease ran out (``core.sweeping``)."""
    ids = deliveries_due()
    for delivery_id in ids:
        enqueue_on_commit(DELIVER_TASK, delivery_id)
    return {"webhook_deliveries_resent": len(ids)}
