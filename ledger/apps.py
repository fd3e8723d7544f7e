from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class LedgerConfig(AppConfig):
    name = "ledger"
    verbose_name = _("Ledger")
    large_tables = (
        "ledger_account",
        "ledger_entry",
        "ledger_transaction",
    )
    """Tables that grow with the leagues (``core.query_plans``): list requests reach them
    through an index."""

    def ready(self) -> None:
        from ledger import sqlite

        sqlite.connect_signals()
        # A migration that rebuilds a ledger table on SQLite (how SQLite alters a table) drops
        # its triggers: they are put back after every migrate, whatever it rebuilt.
        post_migrate.connect(sqlite.install_after_migrate, sender=self)
        from core import league_versions
        from ledger.models import Entry

        # entries: their transaction, saved with them, bumps its league
        league_versions.ignore(Entry)
