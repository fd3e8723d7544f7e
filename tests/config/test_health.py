"""/healthz reports the database and the broker separately."""

from unittest import mock

import pytest
from django.db import OperationalError

pytestmark = pytest.mark.django_db


def test_health_without_a_broker_says_tasks_run_eagerly(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "eager"}


def test_a_lost_database_is_down_with_retry_after(client):
    with mock.patch("core.views.health.connection") as lost:
        lost.cursor.side_effect = OperationalError("connection refused")
        response = client.get("/healthz")

    assert response.status_code == 503 and response["Retry-After"] == "30"
    assert response.json() == {"status": "down", "database": "unavailable", "broker": "eager"}
