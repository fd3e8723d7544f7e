from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class KillpowerConfig(AppConfig):
    """Killpower Ball: gladiators, results entered at the table, the post-match sequence in a
    worker, championships and tournaments."""

    name = "systems.killpower"
    label = "killpower"
    verbose_name = _("Killpower Ball")

    def ready(self) -> None:
        from systems.killpower import (
            history,
            plugins,
            tasks,  # noqa: F401  (registers its task, sent by name)
        )

        plugins.register()
        history.register()
