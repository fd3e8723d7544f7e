from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        from core import registry
        from ratings import receivers, tasks  # noqa: F401  (receivers, task registry)
        from ratings.services.catch_up import ratings_sweep

        registry.register_sweep("ratings.catch_up", ratings_sweep)
