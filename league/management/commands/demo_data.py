"""Build the demo: each game's demo leagues (``league.plugins.demo``) and
the Witcher campaign, then the betting (``demo_betting``), all through the product's own services, like a commissioner would.
Running it again changes nothing and prints the logins again.
"""

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from core.demo import demo_user
from league import plugins

COMMISSIONER = ("commissioner", "middenheim-commissioner")


class Command(BaseCommand):
    help = "Create the demo leagues of every game and the campaign (idempotent); print the logins."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="Allow running with DEBUG off.")

    def handle(self, *args, force: bool = False, **options):
        if not settings.DEBUG and not force:
            raise CommandError(
                "demo_data creates users with known passwords; pass --force to run it with DEBUG off."
            )
        commissioner = demo_user(*COMMISSIONER)
        self.stdout.write(
            f"  commissioner  username {COMMISSIONER[0]:<13} password {COMMISSIONER[1]}"
        )
        for game in plugins.demo.implementations():
            first, *rest = game.demo(commissioner)
            self.stdout.write(self.style.SUCCESS(first))
            for line in rest:
                self.stdout.write(line)
        call_command("demo_battles", force=force, stdout=self.stdout)
        call_command("demo_betting", force=force, stdout=self.stdout)
