"""``manage.py copy_leagues --times K``: what ``generate_load`` built, copied K times in the
database (``loadgen.copier``): 25 generated leagues become 1,000 in minutes."""

import time

from django.core.management.base import BaseCommand, CommandError

from core.refusals import Refused
from ledger.audit import ledger_audit
from loadgen.copier import leagues_copy
from loadgen.services import load_counts


class Command(BaseCommand):
    help = (
        "Copy every generated league (with its users, rosters, seasons, bets, ledger, ratings "
        "and history) K times in the database, with INSERT ... SELECT. PostgreSQL only; needs "
        "a generate_load run on this database."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--times", type=int, required=True, help="Copies of each generated league."
        )
        parser.add_argument(
            "--no-audit",
            action="store_true",
            help="Skip ledger_audit at the end (7 minutes on 1,000 leagues; the database's "
            "triggers checked every copied entry already).",
        )

    def handle(self, *args, **options):
        started = time.monotonic()

        def progress(table: str, rows: int, seconds: float) -> None:
            self.stdout.write(f"  {table:<32} {rows:>9} rows  {seconds:6.1f} s")

        try:
            report = leagues_copy(times=options["times"], progress=progress)
        except Refused as error:
            raise CommandError(f"--{error.field or 'times'}: {error.message}") from None
        elapsed = time.monotonic() - started
        self.stdout.write(
            self.style.SUCCESS(
                f"Copied {report.tables} tables {report.times} times in {elapsed:.1f} s "
                f"(sequences and ANALYZE {report.finishing_seconds:.1f} s)"
            )
        )
        for table, count in load_counts().items():
            self.stdout.write(f"  {table:<13} {count}")
        if options["no_audit"]:
            return
        audit = ledger_audit()
        if not audit["ok"]:
            raise CommandError("ledger_audit found problems: " + "; ".join(audit["problems"]))
        self.stdout.write("  ledger_audit  ok")
