"""The settings the test suites run on: the project's development settings
(``DJANGO_DEBUG=true``: production refuses to start without its database, broker, cache and
site address), with whatever ``DATABASE_URL`` and ``CELERY_BROKER_URL`` the run gives.
pytest-django still turns ``DEBUG`` off while the tests run. The production rules themselves
are tested on ``config.settings`` in processes of their own (tests/config/test_settings.py)."""

import os
from urllib.parse import urlsplit, urlunsplit

os.environ["DJANGO_DEBUG"] = "true"  # before the settings read it; the worker inherits it


def _redis_databases_of_this_worker() -> None:
    """Under pytest-xdist, each worker's broker and cache on a Redis database of its own.

    ``CELERY_BROKER_URL=redis://host:6379/14`` gives worker gw0 database 14, gw1 database 15
    (``REDIS_URL`` likewise, when set): the Celery worker an integration test starts (it inherits
    the environment) takes only its own test process's tasks, and a purge or ``cache.clear()``
    empties only its own database. The URL the run gave is kept in ``TEST_BASE_<name>``, so a
    process that reads these settings again (that Celery worker, a gunicorn) lands on the same
    database, not one further on.
    """
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    if not worker.startswith("gw"):
        return
    for name in ("CELERY_BROKER_URL", "REDIS_URL"):
        base = os.environ.setdefault(f"TEST_BASE_{name}", os.environ.get(name, ""))
        if not base.startswith(("redis://", "rediss://")):
            continue
        parts = urlsplit(base)
        database = int(parts.path.strip("/") or 0) + int(worker.removeprefix("gw"))
        if database > 15:
            raise RuntimeError(
                f"xdist worker {worker} would use Redis database {database} ({name}={base}): "
                "start from a database low enough for every worker (Redis has 0-15)"
            )
        os.environ[name] = urlunsplit(parts._replace(path=f"/{database}"))


_redis_databases_of_this_worker()

from config.settings import *  # noqa: E402, F403  (after the environment is set)

# Passwords hashed with MD5 for speed, from the start of the session: a module-scoped fixture
# (tests/volume's world, tests/integration/test_list_plans.py's) runs before any per-test
# fixture, and would otherwise spend about a second of PBKDF2 on each of its users. The
# deployed hasher is checked where production is served (tests/integration's gunicorn).
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Every result a test plays sets off its season's forecast: a few hundred completions are
# enough for the tests' sums (tests/forecasts set their own; the integration test gives the
# worker the production default through the environment).
FORECAST_SIMULATIONS = int(os.environ.get("FORECAST_SIMULATIONS", "500"))

# The follow-up work of a stored result that most tests do not look at: its season's forecast
# and its ratings (then the league's draw fit and prices). Skipped when tasks run eagerly (make
# test, make test-postgres, make test-browser; core.enqueue); a worker still gets every task
# (make test-integration). The tests of that work ask for it back: the ``follow_up_tasks``
# fixture (tests/conftest.py), autouse in tests/forecasts, tests/ratings and tests/betting.
FOLLOW_UP_TASKS = frozenset(
    {
        "forecasts.tasks.forecast_refresh_task",
        "ratings.tasks.results_rate_task",
        "ratings.tasks.result_void_task",
        "ratings.tasks.league_rerate_task",
        "ratings.tasks.league_catch_up_task",
        "betting.tasks.ratings_changed_task",
    }
)
EAGER_TASKS_SKIPPED = FOLLOW_UP_TASKS

# Cached pages are served until their league's version moves on, which it does when a change
# commits; most tests roll back instead of committing, and read their pages again after a
# change: they run uncached. tests/caching turns the cache on (``page_cache_on``) and commits.
PAGE_CACHE = False

# WhiteNoise finds a static file when it is asked for, as under `make run`, rather than listing
# every app's static files (233, the API docs' bundles among them) each time a test client's
# middleware starts: about 12 ms of CPU per test that makes a request (pytest-django turns DEBUG
# off, so the setting's default, DEBUG, would list them). No test of this suite but the
# browser's asks for a static file; the deployed behaviour is checked in tests/integration.
WHITENOISE_AUTOREFRESH = True
