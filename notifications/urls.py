"""The notifications pages (namespace ``notifications``): a user's list and settings under
/notifications/, a commissioner's webhooks under /leagues/<id>/webhooks/."""

from django.urls import path

from notifications.views import inbox, webhooks

app_name = "notifications"

urlpatterns = [
    path("notifications/", inbox.notification_list, name="list"),
    path("notifications/read-all/", inbox.notification_read_all, name="read_all"),
    path("notifications/settings/", inbox.notification_settings, name="settings"),
    path("notifications/<int:pk>/read/", inbox.notification_read, name="read"),
    path("leagues/<int:pk>/webhooks/", webhooks.webhook_list, name="webhooks"),
    path("leagues/<int:pk>/webhooks/<int:hook>/edit/", webhooks.webhook_edit, name="webhook_edit"),
    path(
        "leagues/<int:pk>/webhooks/<int:hook>/switch/",
        webhooks.webhook_switch,
        name="webhook_switch",
    ),
    path(
        "leagues/<int:pk>/webhooks/<int:hook>/delete/",
        webhooks.webhook_delete,
        name="webhook_delete",
    ),
    path("leagues/<int:pk>/webhooks/<int:hook>/ping/", webhooks.webhook_ping, name="webhook_ping"),
    path(
        "leagues/<int:pk>/webhooks/<int:hook>/rotate-secret/",
        webhooks.webhook_rotate_secret,
        name="webhook_rotate_secret",
    ),
]
