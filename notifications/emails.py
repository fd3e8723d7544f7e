"""Notification emails, sent by the worker in each user's language. Each notification is
claimed (``emailed_at`` set by a conditional UPDATE) before its email goes: a task run twice
sends it once. A send that fails gives the claim back and raises, for the task to retry."""

from django.conf import settings
from django.core.mail import send_mail
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.links import site_url
from core.models import UserProfile
from notifications import kinds
from notifications.models import Notification


def _language(user_id: int) -> str:
    chosen = UserProfile.objects.filter(user_id=user_id).values_list("language", flat=True).first()
    return chosen or settings.LANGUAGE_CODE


def notification_emails_send(*, notification_ids: list[int]) -> int:
    sent = 0
    for notification_id in notification_ids:
        claimed = Notification.objects.filter(pk=notification_id, emailed_at=None).update(
            emailed_at=timezone.now()
        )
        if not claimed:
            continue
        notification = Notification.objects.select_related("user").get(pk=notification_id)
        with translation.override(_language(notification.user_id)):
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
