"""Django for a benchmark script: on the script's own database and Redis, with the development
settings whatever runs it, no broker (tasks run in the process) and no query log."""

import os


def django_setup(*, database_url: str, redis_url: str):
    """Set Django up on ``database_url`` and ``redis_url``; its settings, ``DEBUG`` off so that
    no request keeps a log of its queries."""
    os.environ["DATABASE_URL"] = database_url
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ["REDIS_URL"] = redis_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "true")  # development settings, whatever runs it
    import django

    django.setup()
    from django.conf import settings

    settings.DEBUG = False
    return settings
