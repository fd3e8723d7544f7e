from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RotzballConfig(AppConfig):
    """Rotzball: players, line-ups and match plans; its matches are simulated by the workers."""

    name = "systems.rotzball"
    label = "rotzball"
    verbose_name = _("Rotzball")

    def ready(self) -> None:
        from systems.rotzball import history, plugins

        plugins.register()
        history.register()
