"""Reads of a user's notifications: the unread count (one query) and their list."""

from django.contrib.auth.models import User
from django.db.models import QuerySet

from notifications.models import Notification, WebhookDelivery, WebhookEndpoint


def unread_count(*, user: User) -> int:
    if not user.is_authenticated:
        return 0
    return Notification.objects.filter(user=user, read_at=None).count()


def notification_list(*, user: User) -> QuerySet[Notification]:
    return (
        Notification.objects.filter(user=user)
        .select_related("league")
        .order_by("-created_at", "-pk")
    )


def endpoint_list(*, league_id: int) -> QuerySet[WebhookEndpoint]:
    return WebhookEndpoint.objects.filter(league_id=league_id).order_by("pk")


def delivery_list(*, league_id: int) -> QuerySet[WebhookDelivery]:
    return (
        WebhookDelivery.objects.filter(endpoint__league_id=league_id)
        .select_related("endpoint")
        .order_by("-created_at", "-pk")
    )
