"""The deployed settings (``config.settings``) for a gunicorn the integration tests start.

The only change: static files are collected into a temporary directory
(``TEST_STATIC_ROOT``) rather than into the checkout, since production pages need the
collected manifest to render.
"""

import os

from config.settings import *  # noqa: F403  (the production settings, unchanged)

STATIC_ROOT = os.environ["TEST_STATIC_ROOT"]
