"""Services send tasks by name (``core.enqueue``): every name they use is registered in a
fresh process, where no test module has imported the task modules first."""

import fnmatch
import subprocess
import sys
from pathlib import Path

import yaml
from celery import current_app
from django.conf import settings

from config.celery import QUEUES
from config.workers import POOLS

SENT_BY_NAME = [
    "matches.tasks.fixture_simulate_task",
    "matches.tasks.fixtures_simulate_task",
    "systems.killpower.tasks.post_match_task",
    "battles.tasks.battle_run_resolve_task",
    "core.tasks.sweep_task",
    "forecasts.tasks.forecast_refresh_task",
]

PROJECT_PACKAGES = {
    "matches",
    "betting",
    "battles",
    "notifications",
    "systems",
    "core",
    "forecasts",
}


def test_every_task_sent_by_name_is_registered_once_django_is_set_up():
    code = (
        "import django; django.setup()\n"
        "from celery import current_app\n"
        f"missing = [n for n in {SENT_BY_NAME!r} if n not in current_app.tasks]\n"
        "print(missing)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
        env={"DJANGO_SETTINGS_MODULE": "config.settings", "DJANGO_DEBUG": "true", "PATH": ""},
        check=True,
    )
    assert done.stdout.strip() == "[]", done.stderr


def test_the_beat_schedule_names_registered_tasks():
    names = [entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()]
    assert set(names) <= set(SENT_BY_NAME)


def _project_tasks() -> list[str]:
    return sorted(name for name in current_app.tasks if name.split(".")[0] in PROJECT_PACKAGES)


def test_each_route_names_a_task_that_exists():
    tasks = _project_tasks()
    for pattern in settings.CELERY_TASK_ROUTES:
        assert fnmatch.filter(tasks, pattern), f"{pattern} routes no task"


def test_every_task_goes_to_a_queue_that_make_worker_and_compose_consume():
    router = current_app.amqp.router
    queues = {name: router.route({}, name)["queue"].name for name in _project_tasks()}
    assert queues["matches.tasks.fixture_simulate_task"] == "simulation"
    assert queues["betting.tasks.fixture_settle_task"] == "settlement"
    assert queues["notifications.tasks.webhook_deliver_task"] == "notifications"
    assert queues["core.tasks.sweep_task"] == "celery"
    assert set(queues.values()) <= set(QUEUES.split(","))

    makefile = (Path(settings.BASE_DIR) / "Makefile").read_text()
    assert "$(BIN)/python -m config.workers " in makefile
    pools = {name: options[options.index("-Q") + 1].split(",") for name, options in POOLS.items()}
    consumed = [queue for queues in pools.values() for queue in queues]
    assert sorted(consumed) == sorted(QUEUES.split(","))  # each queue in one pool
    assert pools["notifications"] == ["notifications"]  # slow receivers hold no settlement

    compose = yaml.safe_load((Path(settings.BASE_DIR) / "docker-compose.yml").read_text())
    consumed = set()
    for service in compose["services"].values():
        command = service.get("command") or []
        if "worker" in command:
            consumed |= set(command[command.index("-Q") + 1].split(","))
    assert consumed == set(QUEUES.split(","))
