"""Redis unreachable as the cache (the throttles' and allauth's rate counts), on the real
PostgreSQL: API writes, bets included, and sign-ins and sign-ups on the form and the API still
succeed, counted in the process's memory, and the outage is logged once."""

import logging
from datetime import timedelta

import pytest
from django.conf import settings
from django.core.cache import caches
from django.test import Client, override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from betting import bets
from betting.league_settings import settings_save
from betting.models import Bet
from league.models import League
from tests.factories import PASSWORD, FixtureFactory, UserFactory

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

CLOSED_PORT = "redis://127.0.0.1:9/0"


@pytest.fixture
def cache_down(caplog):
    """The configured cache backend, pointed at a port where nothing listens."""
    assert "Redis" in settings.CACHES["default"]["BACKEND"]  # the production cache
    dead = {**settings.CACHES["default"], "LOCATION": CLOSED_PORT}
    caplog.set_level(logging.WARNING)
    with override_settings(CACHES={"default": dead}):
        caches._settings = caches.settings = caches.configure_settings(None)
        yield caplog
    caches._settings = caches.settings = caches.configure_settings(None)


def _outage_warnings(caplog) -> list[str]:
    """The outage warnings since the cache went down: the fixtures' rows, committed, already
    tried Redis (their leagues' versions, core.league_versions) and may have been first."""
    records = caplog.get_records("setup") + caplog.get_records("call")
    return [r.getMessage() for r in records if "Redis unreachable" in r.getMessage()]


def test_api_writes_and_a_bet_are_taken_with_the_cache_down(
    cache_down, commissioner, league, season, team, other_team
):
    settings_save(league=league, values={"mode": "fixed"})
    fixture = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=2)
    )
    punter = UserFactory(username="punter")
    bets.wallet_open(user=punter, league=league)
    client = APIClient()
    client.force_authenticate(punter)

    created = client.post("/api/v1/leagues/", {"name": "Outage Cup", "rule_system": "rotzball"})
    price = client.get(f"/api/v1/fixtures/{fixture.pk}/odds/").json()["outcomes"]["away"]["price"]
    bet = client.post(
        "/api/v1/bets/",
        {"fixture": fixture.pk, "outcome": "away", "stake": 40, "price": price},
    )

    assert created.status_code == 201, created.content
    assert League.objects.filter(name="Outage Cup").exists()
    assert bet.status_code == 201, bet.content
    assert Bet.objects.filter(fixture=fixture, stake=40).count() == 1
    assert len(_outage_warnings(cache_down)) == 1  # once, not once a request


def test_sign_ins_and_sign_ups_on_the_form_and_the_api_succeed_with_the_cache_down(cache_down):
    UserFactory(username="keen")
    strong = {"password1": "a-long-Password-9c", "password2": "a-long-Password-9c"}

    page = Client().post("/accounts/login/", {"login": "keen", "password": PASSWORD})
    token = APIClient().post(
        "/api/v1/auth/token/", {"username": "keen", "password": PASSWORD}, format="json"
    )
    form_sign_up = Client().post(
        "/accounts/signup/", {"username": "new1", "email": "new1@example.org", **strong}
    )
    api_sign_up = APIClient().post(
        "/api/v1/auth/register/",
        {"username": "new2", "email": "new2@example.org", "password": strong["password1"]},
        format="json",
    )

    assert page.status_code == 302, page.content
    assert token.status_code == 200, token.content
    assert token.json()["token"]
    assert form_sign_up.status_code == 302, form_sign_up.content
    assert api_sign_up.status_code == 201, api_sign_up.content
    assert _outage_warnings(cache_down)
