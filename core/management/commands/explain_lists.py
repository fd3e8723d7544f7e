"""Print PostgreSQL's plan of every query of every list page and endpoint
(:mod:`core.list_requests`), explained with sequential scans and hash and merge joins
disabled, and the large tables still read in full: a list request no index serves.

    DATABASE_URL=postgres://... python manage.py explain_lists [--summary] [--league ID]
"""

from django.core.management.base import BaseCommand, CommandError
from django.db import connection, transaction

from core.list_requests import LIST_REQUESTS, samples_find
from core.query_plans import INDEX_ONLY_SETTINGS, request_explain


class Command(BaseCommand):
    help = (
        "Explain the SQL of every list request on this database (PostgreSQL), sequential "
        "scans disabled; report those left on large tables."
    )

    def add_arguments(self, parser):
        parser.add_argument("--league", type=int, help="League id to list (default: a busy one).")
        parser.add_argument("--only", help="Only the requests whose name contains this text.")
        parser.add_argument(
            "--summary", action="store_true", help="One line per request, no plans."
        )

    def handle(self, *args, league=None, only=None, summary=False, **options):
        if connection.vendor != "postgresql":
            raise CommandError("explain_lists needs PostgreSQL (DATABASE_URL=postgres://...).")
        try:
            samples, users = samples_find(league_id=league)
        except LookupError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(f"Samples: {samples}")
        flagged = []
        for request in LIST_REQUESTS:
            if only and only not in request.name:
                continue
            if request.persona != "anonymous" and users[request.persona] is None:
                self.stdout.write(f"-- {request.name}: no {request.persona} to ask as, skipped")
                continue
            explained = request_explain(request, samples=samples, users=users)
            scans = sorted(
                explained.seq_scans_on_large_tables | explained.full_reads_of_large_tables
            )
            mark = f"NO INDEX for {', '.join(scans)}" if scans else "indexed"
            self.stdout.write(
                f"== {request.name}  {explained.url}  [{explained.status}, "
                f"{len(explained.statements)} selects]  {mark}"
            )
            if scans:
                flagged.append(request.name)
            if summary:
                continue
            for statement in explained.statements:
                self.stdout.write(statement.sql)
                with transaction.atomic(), connection.cursor() as cursor:
                    for setting in INDEX_ONLY_SETTINGS:
                        cursor.execute(f"SET LOCAL {setting} = off")
                    cursor.execute("EXPLAIN " + statement.sql)
                    plan_text = "\n".join(f"    {line}" for (line,) in cursor.fetchall())
                self.stdout.write(plan_text)
        if flagged:
            self.stdout.write(self.style.WARNING(f"Large tables read without an index: {flagged}"))
        else:
            self.stdout.write(self.style.SUCCESS("Every large table read through an index."))
