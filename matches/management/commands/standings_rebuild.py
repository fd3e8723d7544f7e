"""Count the kept standings (``matches.models.Standing``) again from the results, or with
``--check`` only list the seasons whose kept rows differ from the results (exit status 1 then).

The rows are kept with every result written; this is the repair after a writer that bypassed
``Result``'s signals without calling ``standings_refresh``, and the check a cron may run."""

from django.core.management.base import BaseCommand, CommandError

from league.models import Season
from matches.standings_keeping import standings_drift, standings_rebuild


class Command(BaseCommand):
    help = "Count the kept standings again from the results (--check: only compare)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--season",
            type=int,
            action="append",
            dest="seasons",
            help="a season id (repeatable); every season without",
        )
        parser.add_argument(
            "--check", action="store_true", help="compare only, and fail when a season differs"
        )

    def handle(self, *args, seasons=None, check=False, **options):
        if not check:
            rows = standings_rebuild(season_ids=seasons)
            self.stdout.write(f"standings rows counted: {rows}")
            return
        ids = Season.objects.order_by("pk").values_list("pk", flat=True)
        if seasons:
            ids = ids.filter(pk__in=seasons)
        drifted = {pk: teams for pk in ids if (teams := standings_drift(season_id=pk))}
        for pk, teams in drifted.items():
            self.stdout.write(f"season {pk}: teams {', '.join(map(str, teams))} differ")
        if drifted:
            raise CommandError(f"{len(drifted)} season(s) differ from their results")
        self.stdout.write("standings match the results")
