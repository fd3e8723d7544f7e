"""What the notifications app stores: a user's in-app notifications, which kinds they also
want by email, and a league's webhook endpoints with one delivery per endpoint and event."""

import secrets
import uuid

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Notification(models.Model):
    """One event told to one user. Worded when shown (``notifications.kinds``), in the reader's
    language, from ``kind`` and ``data``; stored once per user and event key."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications"
    )
    kind = models.CharField(max_length=40)
    league = models.ForeignKey(
        "league.League", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    event_key = models.CharField(max_length=200)
    data = models.JSONField(default=dict, blank=True)
    url = models.CharField(max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)
    emailed_at = models.DateTimeField(null=True, blank=True)
    """Claimed by the email task with a conditional UPDATE: set once, sent once."""

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "event_key"], name="notification_once_per_event"
            )
        ]
        indexes = [
            models.Index(fields=["user", "read_at"], name="notification_unread"),
            # a user's inbox, newest first
            models.Index(fields=["user", "-created_at", "-id"], name="notification_user_newest"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} → {self.user_id}"


class NotificationPreference(models.Model):
    """A user's choice for one kind: also by email or not. No row: the kind's default."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_preferences"
    )
    kind = models.CharField(max_length=40)
    email = models.BooleanField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "kind"], name="notification_preference_once")
        ]

    def __str__(self) -> str:
        return f"{self.kind}: {'email' if self.email else 'in-app'}"


def new_secret() -> str:
    return secrets.token_hex(32)


class WebhookEndpoint(models.Model):
    class Kind(models.TextChoices):
        JSON = "json", _("JSON for a REST client (signed)")
        DISCORD = "discord", _("Discord channel")

    league = models.ForeignKey("league.League", on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.JSON)
    """``json``: the event as signed JSON; ``discord``: a Discord message with an embed."""
    language = models.CharField(
        max_length=8, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE
    )
    """The language a Discord message is written in (the channel's readers')."""
    rate_limited_until = models.DateTimeField(null=True, blank=True, editable=False)
    """Discord asked to wait (a 429, or no request left in its window): nothing is sent before."""
    events = models.JSONField(default=list)
    """The kinds sent to this URL, among ``notifications.kinds.WEBHOOK_KINDS``."""
    secret = models.CharField(max_length=64, default=new_secret, editable=False)
    """Shown once, when made (at creation or rotation); never read back by the API or pages."""
    previous_secret = models.CharField(max_length=64, blank=True, editable=False)
    previous_secret_until = models.DateTimeField(null=True, blank=True, editable=False)
    """After a rotation, deliveries are signed with the previous secret too until then."""
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["pk"]

    def __str__(self) -> str:
        return self.url


class WebhookDelivery(models.Model):
    """One event for one endpoint: sent until delivered or out of attempts, never twice."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        SENDING = "sending", _("Sending")
        DELIVERED = "delivered", _("Delivered")
        FAILED = "failed", _("Failed")

    endpoint = models.ForeignKey(
        WebhookEndpoint, on_delete=models.CASCADE, related_name="deliveries"
    )
    uuid = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    """Sent as ``X-League-Delivery``: a receiver that sees it twice may ignore the second."""
    event_key = models.CharField(max_length=200)
    kind = models.CharField(max_length=40)
    payload = models.JSONField(default=dict)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    last_error = models.CharField(max_length=500, blank=True)
    next_attempt_at = models.DateTimeField()
    lease_until = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["endpoint", "event_key"], name="webhook_delivery_once_per_event"
            )
        ]
        indexes = [
            models.Index(fields=["status", "next_attempt_at"], name="webhook_due"),
            # an endpoint's delivery log, newest first
            models.Index(fields=["endpoint", "-created_at", "-id"], name="webhook_delivery_newest"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.event_key} ({self.status})"


class WebhookAttempt(models.Model):
    """Each try of a delivery, for the commissioner's log."""

    delivery = models.ForeignKey(
        WebhookDelivery, on_delete=models.CASCADE, related_name="attempt_log"
    )
    number = models.PositiveSmallIntegerField()
    at = models.DateTimeField(auto_now_add=True)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=500, blank=True)
    duration_ms = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["delivery", "number"]

    def __str__(self) -> str:
        return f"{self.delivery_id} #{self.number}: {self.status_code or self.error}"
