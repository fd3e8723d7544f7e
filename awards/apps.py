from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AwardsConfig(AppConfig):
    name = "awards"
    verbose_name = _("Awards")

    def ready(self) -> None:
        from awards import plugins, receivers, tasks  # noqa: F401  (the point, receivers, tasks)
        from awards.services import awards_sweep
        from core import registry

        registry.register_sweep("awards.grant", awards_sweep)
