from django.utils.translation import gettext_lazy as _

from core import registry


class TutatisConfig(registry.GameConfig):
    """Tutatis: team lists, teams built within a budget, match-day rolls, results entered at
    the table and confirmed, injuries carried to the next match."""

    name = "systems.tutatis"
    label = "tutatis"
    verbose_name = _("Tutatis")
