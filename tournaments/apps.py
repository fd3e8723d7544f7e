from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self) -> None:
        from tournaments import (
            plugins,  # noqa: F401  (the tie-break metrics point)
            receivers,  # noqa: F401  (no round robin over a tournament)
        )
