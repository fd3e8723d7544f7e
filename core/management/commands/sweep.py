"""Run every app's periodic sweep once: what Celery beat does every minute.

Useful without a broker (``make run``: tasks run eagerly, no beat), or from cron. The sweeps
are those the apps registered (``core.registry.register_sweep``): fixtures past their
kick-off time kicked off and the simulated ones played, missing post-match sequences run,
battle runs whose resolution was requested resolved.
"""

from django.core.management.base import BaseCommand

from core.sweeping import sweep_all


class Command(BaseCommand):
    help = "Run every registered sweep once (fixtures, post-match sequences, battle runs)."

    def handle(self, *args, **options):
        summary = sweep_all()
        self.stdout.write(", ".join(f"{key}: {value}" for key, value in summary.items()))
