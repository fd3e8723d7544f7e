from django.utils.translation import gettext_lazy as _

from core import registry


class KillpowerConfig(registry.GameConfig):
    """Killpower Ball: gladiators, results entered at the table, the post-match sequence in a
    worker, championships and tournaments."""

    name = "systems.killpower"
    label = "killpower"
    verbose_name = _("Killpower Ball")
