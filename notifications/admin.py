from django.contrib import admin

from notifications.models import (
    Notification,
    NotificationPreference,
    WebhookAttempt,
    WebhookDelivery,
    WebhookEndpoint,
)


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["user", "kind", "league", "created_at", "read_at", "emailed_at"]
    list_filter = ["kind"]
    raw_id_fields = ["user", "league"]


@admin.register(WebhookEndpoint)
class WebhookEndpointAdmin(admin.ModelAdmin):
    list_display = ["url", "league", "active", "created_at"]
    raw_id_fields = ["league", "created_by"]


@admin.register(WebhookDelivery)
class WebhookDeliveryAdmin(admin.ModelAdmin):
    list_display = ["kind", "event_key", "endpoint", "status", "attempts", "next_attempt_at"]
    list_filter = ["status", "kind"]
    raw_id_fields = ["endpoint"]


admin.site.register(NotificationPreference)
admin.site.register(WebhookAttempt)
