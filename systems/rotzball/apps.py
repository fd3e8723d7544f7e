from django.utils.translation import gettext_lazy as _

from core import registry


class RotzballConfig(registry.GameConfig):
    """Rotzball: players, line-ups and match plans; its matches are simulated by the workers."""

    name = "systems.rotzball"
    label = "rotzball"
    verbose_name = _("Rotzball")
    large_tables = (
        "rotzball_player",
        "rotzball_lineupslot",
    )
    """Tables that grow with the leagues (``core.query_plans``): list requests reach them
    through an index."""
