from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ForecastsConfig(AppConfig):
    name = "forecasts"
    verbose_name = _("Forecasts")

    def ready(self) -> None:
        from core import registry
        from forecasts import receivers, tasks  # noqa: F401  (receivers, task registry)
        from forecasts.services import forecasts_sweep

        registry.register_sweep("forecasts.lagging", forecasts_sweep)
