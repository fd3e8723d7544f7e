"""Redis unreachable: asking for simulations still answers (202, work recorded for the
sweeper), a retry makes no second batch, and /healthz says the broker is down."""

import pytest
from django.utils import timezone

from matches.models import Fixture, SimulationBatch
from tests.factories import FixtureFactory

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_health_reports_the_broker_and_the_database_separately(client, broker_down):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "degraded", "database": "ok", "broker": "unavailable"}


def test_health_with_redis_up(client):
    assert client.get("/healthz").json() == {"status": "ok", "database": "ok", "broker": "ok"}


def test_a_season_simulation_is_accepted_and_retried_without_a_second_batch(
    api_as, commissioner, season, team, other_team, broker_down
):
    fixture = FixtureFactory(season=season, home=team, away=other_team, kickoff=timezone.now())
    client = api_as(commissioner)

    first = client.post(f"/api/v1/seasons/{season.pk}/simulate/", {}, format="json")
    again = client.post(f"/api/v1/seasons/{season.pk}/simulate/", {}, format="json")

    assert (first.status_code, again.status_code) == (202, 202), first.content
    assert first.json()["id"] == again.json()["id"]
    assert SimulationBatch.objects.count() == 1
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.LOCKED  # recorded: the sweeper sends it later
