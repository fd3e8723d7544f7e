"""Turning a committed event into in-app notifications, their emails and webhook deliveries,
and what a user does with their notifications and preferences."""

from collections.abc import Iterable, Mapping

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from core.enqueue import enqueue_on_commit
from core.events import Event
from notifications import kinds, webhooks
from notifications.models import Notification, NotificationPreference

EMAIL_TASK = "notifications.tasks.notification_emails_task"
EMAIL_BATCH = 200
BULK_BATCH = 1000
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
    stored = 0
    if event.recipients and kinds.is_known(event.kind):
        rows = [
            Notification(
                user_id=user_id,
                kind=event.kind,
                league_id=event.league_id,
                event_key=event.key,
                data=_recipient_data(event, user_id),
                url=event.url,
            )
            for user_id in event.recipients
        ]
        with transaction.atomic():
            stored = len(
                Notification.objects.bulk_create(rows, batch_size=BULK_BATCH, ignore_conflicts=True)
            )
            _queue_emails(event)
    deliveries = webhooks.deliveries_create(event=event) if event.league_id else 0
    return {"notifications": stored, "deliveries": deliveries}


def _queue_emails(event: Event) -> None:
    """One task per batch of the event's notifications whose user wants this kind by email and
    has an address; each is claimed by the task, so queuing twice sends once."""
    chosen = NotificationPreference.objects.filter(user=OuterRef("user"), kind=event.kind)
    wanted = (
        Notification.objects.filter(event_key=event.key, emailed_at=None)
        .exclude(user__email="")
        .filter(user__is_active=True)
    )
    if kinds.KINDS[event.kind].email:
        wanted = wanted.exclude(Exists(chosen.filter(email=False)))
    else:
        wanted = wanted.filter(Exists(chosen.filter(email=True)))
    ids = list(wanted.order_by("pk").values_list("pk", flat=True))
    for start in range(0, len(ids), EMAIL_BATCH):
        enqueue_on_commit(EMAIL_TASK, ids[start : start + EMAIL_BATCH])


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
        raise ValidationError(
            {"email": _("Unknown notification kind: %(kinds)s.") % {"kinds": ", ".join(unknown)}}
        )
    for name, value in email.items():
        NotificationPreference.objects.update_or_create(
            user=user, kind=name, defaults={"email": bool(value)}
        )
    return email_choices(user=user)


def known_kinds() -> Iterable[str]:
    return kinds.KINDS.keys()
