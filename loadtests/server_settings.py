"""The deployed settings (``config.settings``, unchanged) for the load test's servers, with
the static files collected into the run's own directory (``LOAD_STATIC_ROOT``) rather than
into the checkout: production pages need the collected manifest to render."""

import os

from config.settings import *  # noqa: F403

STATIC_ROOT = os.environ["LOAD_STATIC_ROOT"]
