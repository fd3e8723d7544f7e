from django.utils.translation import gettext_lazy as _

from core import registry


class MythrilConfig(registry.GameConfig):
    """The Mythril league: Blood Bowl house rules, roster data per league, results entered at
    the table, the post-match sequence in a worker, team bets on the ledger, trophies. Its
    ``receivers`` give a new league its settings and sample data."""

    name = "systems.mythril"
    label = "mythril"
    verbose_name = _("Mythril league")
