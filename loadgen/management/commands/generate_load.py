"""``manage.py generate_load --leagues N --teams T --seasons S``: volume for load tests,
through the services and their bulk variants (``loadgen.services``)."""

import time

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import connection

from ledger.audit import ledger_audit
from loadgen import people
from loadgen.services import AlreadyGenerated, LoadPlan, load_counts, load_generate

PROGRESS_EVERY = 100


class Command(BaseCommand):
    help = (
        "Generate leagues of every game with full rosters, seasons played (results with their "
        "roll logs), punters, wallets and bets, for load tests. Refused on a database that "
        "holds generated data already, unless --force."
    )

    def add_arguments(self, parser):
        parser.add_argument("--leagues", type=int, required=True, help="Leagues to build.")
        parser.add_argument("--teams", type=int, default=20, help="Teams per league (even).")
        parser.add_argument("--seasons", type=int, default=1, help="Seasons played per league.")
        parser.add_argument("--punters", type=int, default=10, help="Punters per league.")
        parser.add_argument("--seed", type=int, default=14, help="Seed of every draw.")
        parser.add_argument(
            "--jobs",
            type=int,
            default=None,
            help="Processes building leagues at once (default: 2 on PostgreSQL, 1 elsewhere).",
        )
        parser.add_argument(
            "--force", action="store_true", help="Add more even if generated data is there."
        )

    def handle(self, *args, **options):
        plan = LoadPlan(
            leagues=options["leagues"],
            teams=options["teams"],
            seasons=options["seasons"],
            seed=options["seed"],
            punters=options["punters"],
            jobs=options["jobs"]
            if options["jobs"] is not None
            else (2 if connection.vendor == "postgresql" else 1),
        )
        try:
            plan.check()
        except ValidationError as error:
            raise CommandError(_flags(error)) from None
        started = time.monotonic()

        def progress(done: int, total: int) -> None:
            if done % PROGRESS_EVERY == 0 or done == total:
                elapsed = time.monotonic() - started
                self.stdout.write(f"  {done}/{total} leagues ({elapsed:.1f} s)")

        try:
            run = load_generate(plan=plan, force=options["force"], progress=progress)
        except AlreadyGenerated as error:
            raise CommandError(str(error)) from None
        except ValidationError as error:
            raise CommandError(_flags(error)) from None
        elapsed = time.monotonic() - started
        self.stdout.write(self.style.SUCCESS(f"Generated {run} in {elapsed:.1f} s"))
        for table, count in load_counts().items():
            self.stdout.write(f"  {table:<13} {count}")
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_size_pretty(pg_database_size(current_database()))")
                self.stdout.write(f"  database size {cursor.fetchone()[0]}")
        audit = ledger_audit()
        if not audit["ok"]:
            raise CommandError("ledger_audit found problems: " + "; ".join(audit["problems"]))
        self.stdout.write("  ledger_audit  ok")
        self.stdout.write(
            f"  logins: {people.commissioner_name(run.first_league)}, "
            f"{people.coach_name(run.first_league, 1)}, {people.punter_name(run.first_league, 1)} "
            f"... password {people.PASSWORD}"
        )


def _flags(error: ValidationError) -> str:
    return "; ".join(
        f"--{field}: {message}"
        for field, messages in error.message_dict.items()
        for message in messages
    )
