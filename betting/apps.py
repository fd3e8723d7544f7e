from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class BettingConfig(AppConfig):
    name = "betting"
    verbose_name = _("Betting")
    large_tables = (
        "betting_bet",
        "betting_fixtureodds",
        "betting_settlement",
        "betting_transactionlink",
    )
    """Tables that grow with the leagues (``core.query_plans``): list requests reach them
    through an index."""

    def ready(self) -> None:
        from betting import history, reasons, receivers, tasks  # noqa: F401  (receivers, task registry, reasons)
        from betting.account_section import SECTION
        from betting.audit import betting_audit
        from betting.sweeps import settlements_sweep
        from core import accounts, registry
        from ledger import audit

        registry.register_sweep("betting.settlements", settlements_sweep)
        accounts.register_section(SECTION)
        history.register()
        audit.register(betting_audit)
        from betting.models import Bet, TransactionLink
        from core import league_versions

        # bets and their ledger links: no cached page shows them (the betting panel is its own request)
        league_versions.ignore(Bet, TransactionLink)
