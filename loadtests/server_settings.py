"""The deployed settings (``config.settings``) for the load test's servers, with the static
files collected into the run's own directory (``LOAD_STATIC_ROOT``) rather than into the
checkout (production pages need the collected manifest to render), and each request's CPU
answered in headers (``loadtests/request_cost.py``)."""

import os

from config.settings import *  # noqa: F403

STATIC_ROOT = os.environ["LOAD_STATIC_ROOT"]

# Each request's CPU, in the web thread and in its PostgreSQL backend, answered in headers the
# load generator adds up per group (loadtests/request_cost.py): outermost, before everything.
MIDDLEWARE = ["loadtests.request_cost.RequestCostMiddleware", *MIDDLEWARE]  # noqa: F405

# The workers' CPU per task name, when the run asks for it (LOAD_TASK_COSTS; loadtests/task_cost.py).
import loadtests.task_cost  # noqa: E402, F401
