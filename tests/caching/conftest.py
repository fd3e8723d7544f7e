"""The page cache on (the test settings turn it off, tests/settings.py), a clean shared cache,
and a Rotzball league with a played fixture to read anonymously."""

import pytest
from bs4 import BeautifulSoup
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from core import league_versions
from matches import services as match_services
from matches.models import Fixture


@pytest.fixture(autouse=True)
def page_cache_on(settings):
    settings.PAGE_CACHE = True
    league_versions.forget()  # primary keys are reused from one test to the next on SQLite
    yield
    league_versions.forget()


def text(response) -> str:
    """What a reader sees of the page: its text, whitespace squeezed."""
    return " ".join(BeautifulSoup(response.content.decode(), "html.parser").get_text().split())


@pytest.fixture
def played(season, team, other_team) -> Fixture:
    fixture = Fixture.objects.create(
        season=season, round=1, home=team, away=other_team, kickoff=timezone.now()
    )
    match_services.fixture_simulate(fixture_id=fixture.pk, seed=20251121)
    fixture.refresh_from_db()
    return fixture


@pytest.fixture
def pages(league, team, played):
    """The cached pages and API reads of the league, by name."""
    return {
        "league": reverse("league:detail", args=[league.pk]),
        "team": reverse("league:team", args=[team.pk]),
        "fixture": reverse("matches:fixture", args=[played.pk]),
        "api-league": f"/api/v1/leagues/{league.pk}/",
        "api-team": f"/api/v1/teams/{team.pk}/",
        "api-fixture": f"/api/v1/fixtures/{played.pk}/",
        "api-standings": f"/api/v1/seasons/{played.season_id}/standings/",
        "api-fixtures": f"/api/v1/fixtures/?season={played.season_id}",
        "api-results": f"/api/v1/results/?league={league.pk}",
        "api-teams": f"/api/v1/teams/?league={league.pk}",
        "api-seasons": f"/api/v1/seasons/?league={league.pk}",
    }


@pytest.fixture
def anonymous() -> Client:
    return Client()


@pytest.fixture
def browser_of(db):
    """``browser_of(user)``: a client of its own, signed in as ``user``."""

    def signed_in(user) -> Client:
        client = Client()
        client.force_login(user)
        return client

    return signed_in
