"""Compute every stored rating again from the confirmed results (``ratings.services.rebuild``):
the teams' of every league and the coaches', or with ``--league`` only those leagues' teams."""

from django.core.management.base import BaseCommand, CommandError

from league.models import League
from ratings.services import ratings_rebuild


class Command(BaseCommand):
    help = "Compute the stored ratings again from the results (--league: only its teams)."

    def add_arguments(self, parser):
        parser.add_argument(
            "--league",
            type=int,
            action="append",
            dest="leagues",
            help="a league id (repeatable): its team ratings only; everything without",
        )

    def handle(self, *args, leagues=None, **options):
        if leagues:
            missing = set(leagues) - set(
                League.objects.filter(pk__in=leagues).values_list("pk", flat=True)
            )
            if missing:
                raise CommandError(f"--league: no league {', '.join(map(str, sorted(missing)))}")
        written = ratings_rebuild(league_ids=leagues)
        self.stdout.write(
            f"ratings rebuilt: {written['teams']} team rows, {written['coaches']} coach rows"
        )
