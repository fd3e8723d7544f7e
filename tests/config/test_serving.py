"""One serving configuration: the image, docker compose and the load test start gunicorn with
config/gunicorn.conf.py, and it loads (its worker class imported, its numbers read)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import yaml

from tests.config.test_settings import ROOT

CONFIG = "config/gunicorn.conf.py"


def test_the_image_compose_and_the_load_test_serve_with_the_one_configuration():
    dockerfile = (ROOT / "config" / "Dockerfile").read_text()
    [cmd] = [line for line in dockerfile.splitlines() if line.startswith("CMD ")]
    assert json.loads(cmd.removeprefix("CMD "))[:3] == ["gunicorn", "-c", CONFIG]

    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    assert compose["services"]["web"]["command"][:3] == ["gunicorn", "-c", CONFIG]

    assert f'"{CONFIG}"' in (ROOT / "loadtests" / "run.py").read_text()


def _printed_config(**environment: str) -> dict[str, str]:
    printed = subprocess.run(
        [str(Path(sys.executable).parent / "gunicorn"), "-c", CONFIG, "--print-config"],
        cwd=ROOT,
        env={**os.environ, **environment},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return dict(
        (part.strip() for part in line.split("=", 1))
        for line in printed.splitlines()
        if "=" in line
    )


def test_the_configuration_loads_with_threads_and_the_buffering_worker():
    served = _printed_config(WEB_CONCURRENCY="3", WEB_THREADS="6")

    assert served["worker_class"] == "config.gunicorn_worker.RequestBufferingWorker"
    assert (served["workers"], served["threads"]) == ("3", "6")
    assert served["limit_request_line"] == "4094"
