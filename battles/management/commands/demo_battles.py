"""``manage.py demo_battles``: build the battles demo (:mod:`battles.demo`) and print the
logins. Running it again changes nothing and prints the logins."""

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from battles.demo import CAMPAIGN_NAME, GAME_MASTER, PLAYER, demo_campaign_ensure


class Command(BaseCommand):
    help = "Create the demo Witcher campaign and the Auld Alliance battle (idempotent)."

    def add_arguments(self, parser):
        parser.add_argument("--force", action="store_true", help="Allow running with DEBUG off.")

    def handle(self, *args, force: bool = False, **options):
        if not settings.DEBUG and not force:
            raise CommandError(
                "demo_battles creates users with known passwords; pass --force to run it with "
                "DEBUG off."
            )
        demo_campaign_ensure()
        self._print_logins()

    def _print_logins(self) -> None:
        out = self.stdout
        out.write(
            self.style.SUCCESS(
                f"Demo campaign: {CAMPAIGN_NAME} (the Auld Alliance battle, one run resolved)"
            )
        )
        out.write(f"  game master   username {GAME_MASTER[0]:<13} password {GAME_MASTER[1]}")
        out.write(
            f"  player        username {PLAYER[0]:<13} password {PLAYER[1]}   (Auld Alliance)"
        )
