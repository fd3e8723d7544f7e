"""Write or check the list of plug-in points in ``docs/architecture.md`` (``core.plugin_docs``)."""

from django.core.management.base import BaseCommand, CommandError

from core.plugin_docs import document_path, rewritten


class Command(BaseCommand):
    help = "Write (--write) or check (--check) the plug-in points section of docs/architecture.md."

    def add_arguments(self, parser):
        action = parser.add_mutually_exclusive_group(required=True)
        action.add_argument("--write", action="store_true", help="Rewrite the section.")
        action.add_argument("--check", action="store_true", help="Fail when it is stale.")

    def handle(self, *args, write: bool = False, check: bool = False, **options):
        path = document_path()
        text = path.read_text(encoding="utf-8")
        fresh = rewritten(text)
        if write:
            if fresh != text:
                path.write_text(fresh, encoding="utf-8")
            self.stdout.write(f"{path.name}: plug-in points written")
        elif fresh != text:
            raise CommandError(
                f"{path} lists other plug-in points than the code: "
                "run `manage.py plugin_points --write`"
            )
        else:
            self.stdout.write(f"{path.name}: plug-in points up to date")
