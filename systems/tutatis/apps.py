from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TutatisConfig(AppConfig):
    """Tutatis: team lists, teams built within a budget, match-day rolls, results entered at
    the table and confirmed, injuries carried to the next match."""

    name = "systems.tutatis"
    label = "tutatis"
    verbose_name = _("Tutatis")

    def ready(self) -> None:
        from systems.tutatis import (
            history,
            plugins,
            tasks,  # noqa: F401  (registers its task, sent by name)
        )

        plugins.register()
        history.register()
