"""Turning a committed event into in-app notifications, their emails and webhook deliveries,
and what a user does with their notifications and preferences."""

import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from core.enqueue import enqueue_on_commit
from core.events import Event
from core.refusals import Refused
from notifications import kinds, webhooks
from notifications.models import Notification, NotificationPreference

EMAIL_TASK = "notifications.tasks.notification_emails_task"
EMAIL_BATCH = 200
BULK_BATCH = 1000
EMAIL_SWEEP_WINDOW = timedelta(days=2)
EMAIL_SWEEP_LIMIT = 2000
PRIVATE_KEYS = ("per_recipient", "webhook")


def _recipient_data(event: Event, user_id: int) -> dict:
    """The event's data as this user reads it: the shared part and their own
    (``data["per_recipient"][str(user id)]``, e.g. their bets of a settlement); what is only
    for webhooks (``data["webhook"]``) is left out."""
    shared = {key: value for key, value in event.data.items() if key not in PRIVATE_KEYS}
    own = event.data.get("per_recipient", {}).get(str(user_id), {})
    return {**shared, **own}


def event_record(*, event: Event) -> dict[str, int]:
    """Store ``event`` for each recipient (once per user and key, however often it comes),
    queue the emails the recipients chose and the deliveries of the league's webhooks."""
    return events_record(events=[event])


def events_record(*, events: Sequence[Event]) -> dict[str, int]:
    """:func:`event_record` for events that committed together (``core.events.publish_many``):
    their notifications in one statement, their emails found in one query, their webhook
    deliveries made at once; the same rows as recording each alone."""
    rows = [
        (
            user_id,
            event.kind,
            event.league_id,
            event.key,
            _recipient_data(event, user_id),
            event.url,
        )
        for event in events
        if event.recipients and kinds.is_known(event.kind)
        for user_id in event.recipients
    ]
    if rows:
        with transaction.atomic():
            _notifications_insert(rows)
            _queue_emails({row[3] for row in rows})
    deliveries = webhooks.deliveries_create_many(events=[e for e in events if e.league_id])
    return {"notifications": len(rows), "deliveries": deliveries}


def _notifications_insert(rows: Sequence[tuple[int, str, int | None, str, dict, str]]) -> None:
    """Store ``rows`` (user, kind, league, event key, data, address), those already stored for
    their user and key left as they are: on PostgreSQL ``INSERT ... VALUES ... ON CONFLICT DO
    NOTHING`` of the plain values, ``BULK_BATCH`` rows a statement (no model instance per
    row; one time for all, the transaction's), elsewhere ``bulk_create``."""
    if connection.vendor != "postgresql":
        Notification.objects.bulk_create(
            [
                Notification(
                    user_id=user, kind=kind, league_id=league, event_key=key, data=data, url=url
                )
                for user, kind, league, key, data, url in rows
            ],
            batch_size=BULK_BATCH,
            ignore_conflicts=True,
        )
        return
    now = timezone.now()
    table = Notification._meta.db_table
    with connection.cursor() as cursor:
        for start in range(0, len(rows), BULK_BATCH):
            batch = rows[start : start + BULK_BATCH]
            values = ", ".join(["(%s, %s, %s, %s, %s::jsonb, %s, %s)"] * len(batch))
            cursor.execute(
                f"INSERT INTO {table} (user_id, kind, league_id, event_key, data, url, "
                f"created_at) VALUES {values} ON CONFLICT DO NOTHING",
                [
                    value
                    for user, kind, league, key, data, url in batch
                    for value in (user, kind, league, key, json.dumps(data), url, now)
                ],
            )


def _wanted_by_email(notifications: QuerySet[Notification]) -> QuerySet[Notification]:
    """Those whose user has an address and wants their kind by email (their choice, else the
    kind's default): one query, whatever the number of users and kinds."""
    chosen = NotificationPreference.objects.filter(user=OuterRef("user"), kind=OuterRef("kind"))
    by_default = [name for name, kind in kinds.KINDS.items() if kind.email]
    return (
        notifications.filter(emailed_at=None, user__is_active=True)
        .exclude(user__email="")
        .filter(
            (Q(kind__in=by_default) & ~Exists(chosen.filter(email=False)))
            | Exists(chosen.filter(email=True))
        )
    )


def _send_emails(ids: list[int]) -> None:
    for start in range(0, len(ids), EMAIL_BATCH):
        enqueue_on_commit(EMAIL_TASK, ids[start : start + EMAIL_BATCH])


def _queue_emails(keys: Iterable[str]) -> None:
    """One task per batch of the events' notifications wanted by email; each is claimed by the
    task, so queuing twice sends once."""
    wanted = _wanted_by_email(Notification.objects.filter(event_key__in=list(keys)))
    _send_emails(list(wanted.order_by("pk").values_list("pk", flat=True)))


def emails_sweep() -> dict[str, int]:
    """Queue again the emails of the last two days still unsent after the grace period (a lost
    message, a mail server that was down); run with the other sweeps (``core.sweeping``)."""
    now = timezone.now()
    waiting = Notification.objects.filter(
        created_at__gte=now - EMAIL_SWEEP_WINDOW,
        created_at__lte=now - timedelta(seconds=settings.SWEEPER_GRACE_SECONDS),
    )
    ids = list(
        _wanted_by_email(waiting).order_by("pk").values_list("pk", flat=True)[:EMAIL_SWEEP_LIMIT]
    )
    _send_emails(ids)
    return {"notification_emails_resent": len(ids)}


def notification_mark_read(*, user: User, notification_id: int) -> Notification:
    notification = Notification.objects.filter(user=user, pk=notification_id).first()
    if notification is None:
        raise Notification.DoesNotExist
    if notification.read_at is None:
        Notification.objects.filter(pk=notification.pk, read_at=None).update(read_at=timezone.now())
        notification.refresh_from_db(fields=["read_at"])
    return notification


def notifications_mark_all_read(*, user: User) -> int:
    return Notification.objects.filter(user=user, read_at=None).update(read_at=timezone.now())


def email_choices(*, user: User) -> dict[str, bool]:
    """``{kind: by email}`` for every kind: the user's choice, else the kind's default."""
    chosen = dict(NotificationPreference.objects.filter(user=user).values_list("kind", "email"))
    return {name: chosen.get(name, kind.email) for name, kind in kinds.KINDS.items()}


@transaction.atomic
def preferences_save(*, user: User, email: Mapping[str, bool]) -> dict[str, bool]:
    """Store the user's email choice for the kinds named (others keep theirs); an unknown kind
    is refused, naming it, and nothing changes."""
    unknown = sorted(name for name in email if not kinds.is_known(name))
    if unknown:
        raise Refused(
            "unknown_notification_kind",
            _("Unknown notification kind: %(kinds)s."),
            field="email",
            kinds=", ".join(unknown),
        )
    for name, value in email.items():
        NotificationPreference.objects.update_or_create(
            user=user, kind=name, defaults={"email": bool(value)}
        )
    return email_choices(user=user)
