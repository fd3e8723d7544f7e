import json

from django.core.management.base import BaseCommand, CommandError

from ledger.audit import ledger_audit


class Command(BaseCommand):
    help = "Recompute the ledger and print one JSON line; exit 1 when a promise is broken."

    def handle(self, *args: object, **options: object) -> None:
        report = ledger_audit()
        self.stdout.write(json.dumps(report))
        if not report["ok"]:
            raise CommandError("the ledger audit found problems", returncode=1)
