"""The web and worker processes tune their garbage collector once started
(``core.garbage_collection``): what exists then is frozen, and the youngest generation's
threshold is raised."""

import gc
import runpy

import pytest
from celery.signals import worker_process_init

from core import garbage_collection
from tests.config.test_settings import ROOT


@pytest.fixture
def collector():
    """The collector as the test found it, restored after."""
    thresholds = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*thresholds)


def _tuned() -> bool:
    return gc.get_freeze_count() > 0 and gc.get_threshold() == (
        garbage_collection.YOUNGEST_THRESHOLD,
        *garbage_collection.OLDER_THRESHOLDS,
    )


def test_tune_freezes_what_the_process_holds_and_raises_the_thresholds(collector):
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    assert not _tuned()

    garbage_collection.tune()

    assert _tuned()
    assert gc.get_freeze_count() > 1000  # the modules, classes and functions loaded so far


def test_a_gunicorn_worker_tunes_it_once_the_application_is_loaded(collector):
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    hooks = runpy.run_path(str(ROOT / "config" / "gunicorn.conf.py"))

    hooks["post_worker_init"](object())

    assert _tuned()


def test_a_celery_worker_process_tunes_it_once_started(collector):
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    import config.celery  # noqa: F401  (connects the receiver)

    worker_process_init.send(sender=None)

    assert _tuned()
