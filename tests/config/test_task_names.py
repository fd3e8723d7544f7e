"""Services send tasks by name (``core.enqueue``): every name they use is registered in a
fresh process, where no test module has imported the task modules first."""

import subprocess
import sys

from django.conf import settings

SENT_BY_NAME = [
    "matches.tasks.fixture_simulate_task",
    "matches.tasks.fixtures_simulate_task",
    "systems.killpower.tasks.post_match_task",
    "battles.tasks.battle_run_resolve_task",
    "core.tasks.sweep_task",
]


def test_every_task_sent_by_name_is_registered_once_django_is_set_up():
    code = (
        "import django; django.setup()\n"
        "from celery import current_app\n"
        f"missing = [n for n in {SENT_BY_NAME!r} if n not in current_app.tasks]\n"
        "print(missing)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=settings.BASE_DIR,
        env={"DJANGO_SETTINGS_MODULE": "config.settings", "PATH": ""}, check=True,
    )
    assert done.stdout.strip() == "[]", done.stderr


def test_the_beat_schedule_and_routes_name_registered_tasks():
    names = [entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()]
    names += list(settings.CELERY_TASK_ROUTES)
    assert set(names) <= set(SENT_BY_NAME)
