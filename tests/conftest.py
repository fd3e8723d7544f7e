"""Shared personas: a commissioner, a coach, another coach and a stranger, in one league; and
in a Killpower league run by the same commissioner, Titanos (``coach``) and Viking
(``other_coach``), built through the services."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone
from rest_framework.test import APIClient

from league.services import league_create, league_update
from rules_engine import Dice
from systems.killpower.services import killpower_team_register
from tests.factories import (
    FixtureFactory,
    LeagueFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
    full_lineup,
    killpower_recruits,
    set_ranking_points,
)


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Rate-limit counters live in the cache: every test starts with none."""
    cache.clear()
    yield
    cache.clear()


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


# --- Killpower Ball ---------------------------------------------------------------------


@pytest.fixture
def kp_league(commissioner):
    return league_create(commissioner=commissioner, name="Arène de Lutèce", rule_system="killpower")


@pytest.fixture
def kp_season(kp_league):
    return kp_league.seasons.get()


@pytest.fixture
def titanos(kp_league, coach):
    return killpower_team_register(
        league=kp_league,
        name="Titanos",
        coach=coach,
        gladiators=killpower_recruits("Titanos"),
        seed=1,
    )


@pytest.fixture
def viking(kp_league, other_coach):
    return killpower_team_register(
        league=kp_league,
        name="Viking",
        coach=other_coach,
        gladiators=killpower_recruits("Viking"),
        seed=2,
    )


@pytest.fixture
def kp_fixture(kp_season, titanos, viking):
    return FixtureFactory(
        season=kp_season,
        home=titanos,
        away=viking,
        kickoff=timezone.now() + timedelta(days=2),
    )


@pytest.fixture
def kp_cup_final(kp_league, kp_season, titanos, viking):
    """The Killpower league played as a tournament of two: its one match, the final, Titanos
    (``coach``; 20 ranking points, seed 1, at home) against Viking (``other_coach``)."""
    from systems.killpower.tournaments import tournament_create

    league_update(league=kp_league, competition_format="tournament")
    kp_league.refresh_from_db()
    set_ranking_points(titanos, 20)
    [fixture] = tournament_create(
        season=kp_season, first_kickoff=timezone.now() + timedelta(days=1)
    )
    return fixture


@pytest.fixture
def run_on_commit(django_capture_on_commit_callbacks):
    """Run a block and then the callbacks it registered for after commit (the tasks)."""

    def run(call, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return call(*args, **kwargs)

    return run


@pytest.fixture
def script_dice(monkeypatch):
    """``script_dice("matches.table_results.post_match", [9, 4])``: every Dice that module makes
    from now on rolls those values (a fresh script each time), as the rule text's examples
    need."""

    def script(module: str, values: list[int]) -> None:
        monkeypatch.setattr(f"{module}.Dice", lambda seed=None: Dice.scripted(values))

    return script
