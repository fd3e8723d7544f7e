"""The Celery application. A worker for everything: ``celery -A config worker -Q`` followed by
``QUEUES``; at scale, one pool of workers per queue (``CELERY_TASK_ROUTES`` in the settings)."""

import os

from celery import Celery
from celery.signals import worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Every queue a task is routed to, the default one last.
QUEUES = "simulation,settlement,notifications,celery"

app = Celery("league")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@worker_process_init.connect
def _tune_process(**kwargs) -> None:
    """Each worker process, once started: its garbage collector tuned as the web servers'
    (``core.garbage_collection``), and one thread for numpy's matrix products
    (``core.native_threads``)."""
    from core import garbage_collection, native_threads

    garbage_collection.tune()
    native_threads.tune()
