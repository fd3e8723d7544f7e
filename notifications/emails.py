"""Notification emails, sent by the worker in each user's language and time zone. Each notification is
claimed (``emailed_at`` set by a conditional UPDATE) before its email goes: a task run twice
sends it once. A send that fails gives the claim back and raises, for the task to retry."""

from zoneinfo import ZoneInfo

from django.conf import settings
from django.core.mail import send_mail
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.links import site_url
from core.models import UserProfile
from core.time_zones import is_zone
from notifications import kinds
from notifications.models import Notification


def _preferences(user_id: int) -> tuple[str, ZoneInfo]:
    """The user's language and time zone (the site's where none is saved)."""
    saved = UserProfile.objects.filter(user_id=user_id).values_list("language", "time_zone")
    language, zone = saved.first() or ("", "")
    return (
        language or settings.LANGUAGE_CODE,
        ZoneInfo(zone if is_zone(zone) else settings.TIME_ZONE),
    )


def notification_emails_send(*, notification_ids: list[int]) -> int:
    sent = 0
    for notification_id in notification_ids:
        claimed = Notification.objects.filter(pk=notification_id, emailed_at=None).update(
            emailed_at=timezone.now()
        )
        if not claimed:
            continue
        notification = Notification.objects.select_related("user").get(pk=notification_id)
        language, zone = _preferences(notification.user_id)
        with translation.override(language), timezone.override(zone):
            line = kinds.text(notification.kind, notification.data)
            body = line
            if notification.url:
                body = f"{line}\n\n{site_url(notification.url)}"
            body += "\n\n" + _(
                "You receive this email because you chose it in your notification settings."
            )
            subject = f"[Tabletop League] {kinds.label(notification.kind)}"
        try:
            send_mail(subject, body, None, [notification.user.email])
        except Exception:
            Notification.objects.filter(pk=notification_id).update(emailed_at=None)
            raise
        sent += 1
    return sent
