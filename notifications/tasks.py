"""The notifications app's Celery tasks: thin, idempotent (each claims its work first)."""

from celery import shared_task
from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.utils import timezone

from notifications import emails, webhooks

RETRYABLE = (OperationalError, InterfaceError)


@shared_task(acks_late=True, autoretry_for=(Exception,), retry_backoff=True, max_retries=5)
def notification_emails_task(notification_ids: list[int]) -> dict[str, int]:
    return {"emailed": emails.notification_emails_send(notification_ids=notification_ids)}


@shared_task(acks_late=True, autoretry_for=RETRYABLE, retry_backoff=True, max_retries=5)
def webhook_deliver_task(delivery_id: int) -> dict[str, object]:
    delivery = webhooks.delivery_attempt(delivery_id=delivery_id)
    if delivery is None:
        return {"delivery": delivery_id, "status": None}
    if delivery.status == delivery.Status.PENDING and not settings.CELERY_TASK_ALWAYS_EAGER:
        wait = (delivery.next_attempt_at - timezone.now()).total_seconds()
        webhook_deliver_task.apply_async((delivery_id,), countdown=max(1, int(wait)))
    return {"delivery": delivery_id, "status": delivery.status, "attempts": delivery.attempts}
