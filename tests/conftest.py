"""Shared personas: a commissioner, a coach, another coach and a stranger, in one league."""

import pytest
from rest_framework.test import APIClient

from tests.factories import LeagueFactory, SeasonFactory, TeamFactory, UserFactory, full_lineup


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def commissioner(db):
    return UserFactory(username="commissioner")


@pytest.fixture
def coach(db):
    return UserFactory(username="coach")


@pytest.fixture
def other_coach(db):
    return UserFactory(username="other_coach")


@pytest.fixture
def stranger(db):
    return UserFactory(username="stranger")


@pytest.fixture
def league(commissioner):
    return LeagueFactory(name="Middenheim Cup", commissioner=commissioner)


@pytest.fixture
def season(league):
    return SeasonFactory(league=league, name="2526")


@pytest.fixture
def team(league, coach):
    team = TeamFactory(league=league, name="Wolves", coach=coach)
    full_lineup(team, skill=45, reserves=1)
    return team


@pytest.fixture
def other_team(league, other_coach):
    team = TeamFactory(league=league, name="Ravens", coach=other_coach)
    full_lineup(team, skill=40)
    return team


@pytest.fixture
def api_client():
    return APIClient()


@pytest.fixture
def api_as(api_client):
    """``api_as(user)`` -> an API client authenticated as ``user`` (or anonymous for None)."""

    def login(user):
        client = APIClient()
        if user is not None:
            client.force_authenticate(user)
        return client

    return login
