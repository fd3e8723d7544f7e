from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = _("Notifications and webhooks")
    large_tables = (
        "notifications_notification",
        "notifications_webhookdelivery",
    )
    """Tables that grow with the leagues (``core.query_plans``): list requests reach them
    through an index."""

    def ready(self) -> None:
        from core import accounts, registry
        from notifications import receivers, tasks  # noqa: F401  (signal receivers, tasks)
        from notifications.account_section import SECTION
        from notifications.services import emails_sweep
        from notifications.webhooks import webhooks_sweep

        registry.register_sweep("notifications.webhooks", webhooks_sweep)
        registry.register_sweep("notifications.emails", emails_sweep)
        accounts.register_section(SECTION)
        from core import league_versions
        from notifications.models import Notification, WebhookAttempt, WebhookDelivery

        # what users are told: on no cached page
        league_versions.ignore(Notification, WebhookAttempt, WebhookDelivery)
