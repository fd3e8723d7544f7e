"""The settings the test suites run on: the project's development settings
(``DJANGO_DEBUG=true``: production refuses to start without its database, broker, cache and
site address), with whatever ``DATABASE_URL`` and ``CELERY_BROKER_URL`` the run gives.
pytest-django still turns ``DEBUG`` off while the tests run. The production rules themselves
are tested on ``config.settings`` in processes of their own (tests/config/test_settings.py)."""

import os

os.environ["DJANGO_DEBUG"] = "true"  # before the settings read it; the worker inherits it

from config.settings import *  # noqa: F403

# Passwords hashed with MD5 for speed, from the start of the session: a module-scoped fixture
# (tests/volume's world, tests/integration/test_list_plans.py's) runs before any per-test
# fixture, and would otherwise spend about a second of PBKDF2 on each of its users. The
# deployed hasher is checked where production is served (tests/integration's gunicorn).
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Every result a test plays sets off its season's forecast: a few hundred completions are
# enough for the tests' sums (tests/forecasts set their own; the integration test gives the
# worker the production default through the environment).
FORECAST_SIMULATIONS = int(os.environ.get("FORECAST_SIMULATIONS", "500"))
