"""Shapes of the notifications API."""

from django.conf import settings
from rest_framework import serializers

from core.api.serializers import ModelSerializer
from notifications import kinds
from notifications.kinds import WEBHOOK_KINDS
from notifications.models import Notification, WebhookDelivery, WebhookEndpoint


class NotificationSerializer(ModelSerializer):
    text = serializers.SerializerMethodField(help_text="Worded in the caller's language.")
    read = serializers.SerializerMethodField()

    class Meta:
        model = Notification
        fields = ["id", "kind", "text", "league", "data", "url", "created_at", "read_at", "read"]
        read_only_fields = fields

    def get_text(self, notification: Notification) -> str:
        return kinds.text(notification.kind, notification.data)

    def get_read(self, notification: Notification) -> bool:
        return notification.read_at is not None


class ReadAllSerializer(serializers.Serializer):
    marked = serializers.IntegerField(help_text="How many were unread and are now read.")


class PreferencesSerializer(serializers.Serializer):
    email = serializers.DictField(
        child=serializers.BooleanField(),
        help_text="Per notification kind, whether it also comes by email. A PUT may name only "
        "some kinds; the others keep their choice.",
    )


class WebhookSerializer(ModelSerializer):
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=list(WEBHOOK_KINDS)), allow_empty=False
    )
    url = serializers.URLField(max_length=500)

    class Meta:
        model = WebhookEndpoint
        fields = [
            "id",
            "league",
            "url",
            "kind",
            "language",
            "events",
            "active",
            "previous_secret_until",
            "rate_limited_until",
            "created_at",
        ]
        read_only_fields = [
            "id",
            "league",
            "previous_secret_until",
            "rate_limited_until",
            "created_at",
        ]
        extra_kwargs = {
            "kind": {
                "help_text": "json: the event as signed JSON; discord: a Discord message with an "
                "embed (the URL must be a Discord channel webhook)."
            },
            "language": {"help_text": "The language of a Discord message; the site's by default."},
        }
        extra_kwargs = {
            "previous_secret_until": {
                "help_text": "After a rotation: until then deliveries carry the old secret's "
                "signature too."
            }
        }


class WebhookCreatedSerializer(WebhookSerializer):
    """The answer to a registration: the only time the secret is shown."""

    class Meta(WebhookSerializer.Meta):
        fields = [*WebhookSerializer.Meta.fields, "secret"]
        read_only_fields = [*WebhookSerializer.Meta.read_only_fields, "secret"]


class WebhookSecretSerializer(ModelSerializer):
    """The answer to a rotation: the new secret, shown this once."""

    class Meta:
        model = WebhookEndpoint
        fields = ["id", "secret", "previous_secret_until"]
        read_only_fields = fields


class WebhookUpdateSerializer(serializers.Serializer):
    url = serializers.URLField(max_length=500, required=False)
    events = serializers.ListField(
        child=serializers.ChoiceField(choices=list(WEBHOOK_KINDS)),
        allow_empty=False,
        required=False,
    )
    active = serializers.BooleanField(required=False)
    kind = serializers.ChoiceField(choices=WebhookEndpoint.Kind.choices, required=False)
    language = serializers.ChoiceField(choices=settings.LANGUAGES, required=False)


class DeliverySerializer(ModelSerializer):
    endpoint = serializers.IntegerField(source="endpoint_id", read_only=True)

    class Meta:
        model = WebhookDelivery
        fields = [
            "id",
            "uuid",
            "endpoint",
            "event_key",
            "kind",
            "payload",
            "status",
            "attempts",
            "last_status_code",
            "last_error",
            "next_attempt_at",
            "delivered_at",
            "created_at",
        ]
        read_only_fields = fields
