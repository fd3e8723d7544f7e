from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CoreConfig(AppConfig):
    """Shared web and API plumbing, user preferences, and the registry of games."""

    name = "core"
    verbose_name = _("Core")
    large_tables = (
        "auth_user",
        "core_historyentry",
    )
    """Tables that grow with the leagues (``core.query_plans``): list requests reach them
    through an index."""

    def ready(self) -> None:
        from core import registry, tasks  # noqa: F401  (registers the sweep task beat sends)
        from core.api.authentication import tokens_sweep

        registry.register_sweep("core.tokens", tokens_sweep)
