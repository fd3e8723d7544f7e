from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BettingConfig(AppConfig):
    name = "betting"
    verbose_name = _("Betting")

    def ready(self) -> None:
        from betting import history, receivers, tasks  # noqa: F401  (receivers, task registry)
        from betting.account_section import SECTION
        from betting.sweeps import settlements_sweep
        from core import accounts, registry

        registry.register_sweep("betting.settlements", settlements_sweep)
        accounts.register_section(SECTION)
        history.register()
