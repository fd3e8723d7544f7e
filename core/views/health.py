"""Health for load balancers, docker-compose and people: the database and the broker, each
reported on its own.

``{"status": "ok" | "degraded" | "down", "database": "ok" | "unavailable",
"broker": "ok" | "unavailable" | "eager"}``. The answer is 503 only when the database is
unreachable (nothing works then); without the broker the pages still work and the sweeper sends
the queued work once it is back, so the site is "degraded", answered with 200. ``eager``: no
broker is configured and tasks run in the web process.
"""

import logging

from celery import current_app
from django.conf import settings
from django.db import DatabaseError, connection
from django.http import HttpRequest, JsonResponse

log = logging.getLogger(__name__)

BROKER_TIMEOUT_SECONDS = 2


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
    except DatabaseError:
        log.warning("health: the database is unreachable", exc_info=True)
        return "unavailable"
    return "ok"


def _broker() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "eager"
    try:
        with current_app.connection_for_write() as broker:
            broker.ensure_connection(max_retries=1, timeout=BROKER_TIMEOUT_SECONDS)
            broker.default_channel  # noqa: B018 (opening the channel talks to the broker)
    except Exception:  # any transport's failure to connect means the same here
        log.warning("health: the broker is unreachable", exc_info=True)
        return "unavailable"
    return "ok"


def healthz(request: HttpRequest) -> JsonResponse:
    checks = {"database": _database(), "broker": _broker()}
    if checks["database"] != "ok":
        status = "down"
    elif checks["broker"] == "unavailable":
        status = "degraded"
    else:
        status = "ok"
    response = JsonResponse({"status": status, **checks}, status=503 if status == "down" else 200)
    if status == "down":
        response["Retry-After"] = "30"
    return response
