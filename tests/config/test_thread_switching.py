"""A web process's threads take turns on the interpreter every half millisecond
(``core.thread_switching``), not CPython's 5 ms, once gunicorn has loaded the application."""

import runpy
import sys

import pytest

from core import thread_switching
from tests.config.test_settings import ROOT


@pytest.fixture
def interval():
    """The switch interval as the test found it, restored after."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(0.005)
    yield
    sys.setswitchinterval(before)


def test_tune_shortens_the_switch_interval(interval):
    thread_switching.tune()

    assert sys.getswitchinterval() == pytest.approx(thread_switching.SWITCH_INTERVAL)
    assert thread_switching.SWITCH_INTERVAL < 0.005


def test_a_gunicorn_worker_shortens_it_once_the_application_is_loaded(interval):
    hooks = runpy.run_path(str(ROOT / "config" / "gunicorn.conf.py"))

    hooks["post_worker_init"](object())

    assert sys.getswitchinterval() == pytest.approx(thread_switching.SWITCH_INTERVAL)
