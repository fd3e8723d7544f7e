from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BattlesConfig(AppConfig):
    name = "battles"
    verbose_name = _("Campaign battles")
    large_tables = (
        "battles_army",
        "battles_troop",
        "battles_battle",
        "battles_battlerun",
    )
    """Tables that grow with the leagues (``core.query_plans``): list requests reach them
    through an index."""

    def ready(self) -> None:
        from battles import tasks  # noqa: F401  (registers its task, sent by name)
        from battles.services import runs_sweep_requested
        from core import registry

        def battle_runs_sweep() -> dict[str, int]:
            return {"battle_runs": runs_sweep_requested()["enqueued"]}

        registry.register_sweep("battles.runs_sweep_requested", battle_runs_sweep)
