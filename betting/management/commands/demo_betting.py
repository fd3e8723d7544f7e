from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from betting import demo


class Command(BaseCommand):
    help = "Open betting in the demo leagues, with punters, wallets and bets (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="Allow running with DEBUG off.")

    def handle(self, *args, force: bool = False, **options):
        if not settings.DEBUG and not force:
            raise CommandError("demo_betting creates users with known passwords; pass --force.")
        first, *rest = demo.build()
        self.stdout.write(self.style.SUCCESS(first))
        for line in rest:
            self.stdout.write(line)
