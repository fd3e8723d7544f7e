"""The test settings' switch on the eager follow-up work of a result (``EAGER_TASKS_SKIPPED``,
core.enqueue): the forecast and ratings tasks are left out of an eager run unless a test asks
for them with the ``follow_up_tasks`` fixture; every other task runs as before. Production and
``make run`` skip none (tests/config/test_settings.py)."""

import pytest
from celery import current_app
from django.conf import settings

from core.enqueue import enqueue_on_commit
from tests.settings import FOLLOW_UP_TASKS

FORECAST = "forecasts.tasks.forecast_refresh_task"
ODDS = "betting.tasks.odds_refresh_task"


@pytest.fixture
def sent(monkeypatch):
    """The tasks ``delay`` was called on, by name, instead of running them."""
    calls: list[tuple[str, tuple]] = []
    for name in (*FOLLOW_UP_TASKS, ODDS):
        task = current_app.tasks[name]
        monkeypatch.setattr(task, "delay", lambda *args, _name=name: calls.append((_name, args)))
    return calls


def test_the_skipped_tasks_are_the_follow_up_of_a_result_and_exist():
    assert settings.EAGER_TASKS_SKIPPED == FOLLOW_UP_TASKS
    assert {
        "forecasts.tasks.forecast_refresh_task",
        "ratings.tasks.results_rate_task",
        "ratings.tasks.result_void_task",
        "ratings.tasks.league_rerate_task",
        "ratings.tasks.league_catch_up_task",
        "betting.tasks.ratings_changed_task",
    } == FOLLOW_UP_TASKS
    assert set(current_app.tasks) >= FOLLOW_UP_TASKS


@pytest.mark.django_db
def test_an_eager_run_leaves_out_a_follow_up_task_and_runs_the_others(
    sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        enqueue_on_commit(FORECAST, 7, 1)
        enqueue_on_commit(ODDS, 9)

    assert sent == [(ODDS, (9,))]


@pytest.mark.django_db
def test_follow_up_tasks_fixture_runs_them_again(
    follow_up_tasks, sent, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        for name in sorted(FOLLOW_UP_TASKS):
            enqueue_on_commit(name, 1)

    assert sent == [(name, (1,)) for name in sorted(FOLLOW_UP_TASKS)]


@pytest.mark.django_db
def test_with_a_broker_every_task_is_sent(settings, sent, django_capture_on_commit_callbacks):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    with django_capture_on_commit_callbacks(execute=True):
        enqueue_on_commit(FORECAST, 7, 1)

    assert sent == [(FORECAST, (7, 1))]
