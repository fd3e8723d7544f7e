from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MythrilConfig(AppConfig):
    """The Mythril league: Blood Bowl house rules, roster data per league, results entered at
    the table, the post-match sequence in a worker, team bets on the ledger, trophies."""

    name = "systems.mythril"
    label = "mythril"
    verbose_name = _("Mythril league")

    def ready(self) -> None:
        from systems.mythril import (
            history,
            plugins,
            receivers,  # noqa: F401  (a new league gets its settings and sample data)
            tasks,  # noqa: F401  (registers its tasks, sent by name)
        )

        plugins.register()
        history.register()
