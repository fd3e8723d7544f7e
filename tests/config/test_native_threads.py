"""numpy's matrix products run on one thread in each web and worker process
(``core.native_threads``): its BLAS library's threads would take the cores the other
processes serve from."""

import runpy

import pytest
from celery.signals import worker_process_init
from threadpoolctl import threadpool_info, threadpool_limits

from core import native_threads
from tests.config.test_settings import ROOT


def _blas_threads() -> set[int]:
    return {pool["num_threads"] for pool in threadpool_info() if pool["user_api"] == "blas"}


@pytest.fixture
def two_blas_threads():
    """BLAS allowed two threads, as it starts on this 2-core machine; its limit restored after."""
    limits = threadpool_limits(limits=2, user_api="blas")
    assert _blas_threads() == {2}
    yield
    limits.restore_original_limits()


def test_tune_keeps_blas_to_one_thread(two_blas_threads):
    native_threads.tune()

    assert _blas_threads() == {native_threads.BLAS_THREADS} == {1}


def test_a_gunicorn_worker_keeps_it_to_one_once_the_application_is_loaded(two_blas_threads):
    hooks = runpy.run_path(str(ROOT / "config" / "gunicorn.conf.py"))

    hooks["post_worker_init"](object())

    assert _blas_threads() == {1}


def test_a_celery_worker_process_keeps_it_to_one_once_started(two_blas_threads):
    import config.celery  # noqa: F401  (connects the receiver)

    worker_process_init.send(sender=None)

    assert _blas_threads() == {1}
