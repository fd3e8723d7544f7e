"""Run the periodic sweepers once: what Celery beat does every minute.

Useful without a broker (``make run``: tasks run eagerly, no beat), or from cron: it kicks
off fixtures past their kick-off time and plays the simulated ones, runs missing Killpower
post-match sequences, and resolves battle runs whose resolution was requested.
"""

from django.core.management.base import BaseCommand

from battles.services import runs_sweep_requested
from matches.killpower.post_match import post_match_sweep
from matches.services import fixtures_sweep_due


class Command(BaseCommand):
    help = "Run the fixture, post-match and battle-run sweepers once."

    def handle(self, *args, **options):
        summary = {**fixtures_sweep_due(), **post_match_sweep()}
        summary["battle_runs"] = runs_sweep_requested()["enqueued"]
        self.stdout.write(", ".join(f"{key}: {value}" for key, value in summary.items()))
