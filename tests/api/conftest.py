"""API personas beyond the shared ones: a commissioner of another league, and helpers."""

import pytest

from tests.factories import LeagueFactory, UserFactory

ANONYMOUS = "anonymous"


@pytest.fixture(autouse=True)
def _fresh_throttles():
    """Throttle counters live in the cache; every test starts with none (tests/conftest.py
    clears it for every test; kept as a name the game API suites import)."""
    yield


@pytest.fixture
def other_commissioner(db):
    return UserFactory(username="other_commissioner")


@pytest.fixture
def other_league(other_commissioner):
    return LeagueFactory(name="Talabheim Shield", commissioner=other_commissioner)


@pytest.fixture
def client_for(request, api_as):
    """``client_for("coach")`` -> an API client signed in as that persona ("anonymous": none)."""

    def build(persona: str):
        return api_as(None if persona == ANONYMOUS else request.getfixturevalue(persona))

    return build


def refused_status(persona: str) -> int:
    """Anonymous writes answer 401 (sign in); a signed-in user lacking the role 403."""
    return 401 if persona == ANONYMOUS else 403


def assert_error(response, status: int, *fields: str) -> dict:
    """The one error shape, naming ``fields`` for a 400."""
    assert response.status_code == status, response.content
    error = response.json()["error"]
    assert set(error) >= {"code", "message"}
    for field in fields:
        assert field in error["fields"], error
    return error
