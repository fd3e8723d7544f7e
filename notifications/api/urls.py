"""The notifications API's paths (joined to ``config.api.urls``)."""

from django.urls import path

from notifications.api import views

urlpatterns = [
    path(
        "me/notification-preferences/",
        views.PreferencesView.as_view(),
        name="me-notification-preferences",
    ),
    path("leagues/<int:pk>/webhooks/", views.WebhookListView.as_view(), name="league-webhooks"),
    path(
        "leagues/<int:pk>/webhooks/deliveries/",
        views.DeliveryListView.as_view(),
        name="league-webhook-deliveries",
    ),
    path(
        "leagues/<int:pk>/webhooks/<int:hook>/",
        views.WebhookDetailView.as_view(),
        name="league-webhook",
    ),
    path(
        "leagues/<int:pk>/webhooks/<int:hook>/ping/",
        views.WebhookPingView.as_view(),
        name="league-webhook-ping",
    ),
    path(
        "leagues/<int:pk>/webhooks/<int:hook>/rotate-secret/",
        views.WebhookRotateSecretView.as_view(),
        name="league-webhook-rotate-secret",
    ),
]

routes = [("notifications", views.NotificationViewSet, "notification")]
