from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("Leagues")

    def ready(self) -> None:
        from core import accounts
        from league import history
        from league.account_section import SECTION

        accounts.register_section(SECTION)
        history.register()
