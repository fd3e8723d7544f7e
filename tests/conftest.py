"""Shared personas: a commissioner, a coach, another coach and a stranger, in one league; and
in a Killpower league run by the same commissioner, Titanos (``coach``) and Viking
(``other_coach``), built through the services."""

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.utils import timezone, translation
from hypothesis import is_hypothesis_test
from rest_framework.test import APIClient

from league.services import league_create, league_update
from ledger import sqlite as ledger_sqlite
from rules_engine import Dice
from systems.killpower.services.teams import killpower_team_register
from tests import database_tests_only, hypothesis_profiles, sqlite_template
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

HYPOTHESIS_PROFILE = hypothesis_profiles.load()


def pytest_report_header(config):
    variable = hypothesis_profiles.ENVIRONMENT_VARIABLE
    return (
        f"hypothesis profile: {HYPOTHESIS_PROFILE} (from {variable}, tests/hypothesis_profiles.py)"
    )


def pytest_addoption(parser):
    database_tests_only.addoption(parser)


def pytest_configure(config):
    database_tests_only.register(config)


def pytest_collection_modifyitems(config, items):
    """Every ``@given`` test is a property test (``-m property`` selects them, ``make
    test-property`` runs them at their full count); the state machines and the tests that call
    a ``@given`` function of their own carry the mark themselves."""
    for item in items:
        if is_hypothesis_test(getattr(item, "obj", None)):
            item.add_marker(pytest.mark.property)
    _refuse_modules_mixing_committing_tests(items)


SERIAL_SUITES = ("tests/integration/", "tests/browser/")
"""Suites that run in one process (make test-integration, make test-browser)."""


def _commits(item) -> bool | None:
    """Whether a test commits to the database (None: it uses none)."""
    marker = item.get_closest_marker("django_db")
    fixtures = getattr(item, "fixturenames", ())
    if "transactional_db" in fixtures or "live_server" in fixtures:
        return True
    if marker is None:
        return None if "db" not in fixtures else False
    return bool(marker.kwargs.get("transaction", marker.args[0] if marker.args else False))


def _refuse_modules_mixing_committing_tests(items) -> None:
    """A test that commits (``transaction=True``) ends by emptying its database, the rows the
    migrations wrote included (Tutatis's sample lists). pytest-django runs such tests after the
    ones that roll back, and ``make test`` keeps that order on each worker
    (``--no-loadscope-reorder``), but ``--dist loadscope`` hands a module to one worker whole: a
    module mixing both kinds would empty that worker's database in the middle of the run. Such
    tests go in a module of their own (tests/core/test_prepared_query_locks.py)."""
    kinds: dict[str, set[bool]] = {}
    for item in items:
        path = item.nodeid.split("::", 1)[0]
        commits = _commits(item)
        if commits is not None and not path.startswith(SERIAL_SUITES):
            kinds.setdefault(path, set()).add(commits)
    mixed = sorted(path for path, found in kinds.items() if len(found) > 1)
    if mixed:
        raise pytest.UsageError(
            "these modules mix tests that commit (transaction=True) with tests that roll back; "
            f"move the committing ones to a module of their own: {', '.join(mixed)}"
        )


@pytest.fixture(scope="session")
def _sqlite_test_databases_copied():
    """While the test databases are made, an in-memory SQLite one is a copy of the migrated
    template (tests/sqlite_template.py) instead of a run of every migration."""
    from django.db.backends.sqlite3.creation import DatabaseCreation

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(DatabaseCreation, "create_test_db", sqlite_template.create_test_db)
        yield


@pytest.fixture(scope="session")
def django_db_setup(_sqlite_test_databases_copied, django_db_setup):
    """pytest-django's, with the copy above in place first (fixtures are set up in the order
    they are asked for)."""
    yield


@pytest.fixture(scope="session", autouse=True)
def _flush_empties_the_sqlite_ledger():
    """Django's flush, which empties the database after a test that commits, runs inside
    ``ledger.sqlite.flushing()``: the only ``DELETE`` the SQLite ledger's triggers let through."""
    # The backend's module first: importing its operations module alone is a circular import.
    from django.db.backends.sqlite3.base import DatabaseWrapper

    operations = DatabaseWrapper.ops_class
    flush = operations.execute_sql_flush

    def execute_sql_flush(self, sql_list):
        with ledger_sqlite.flushing():
            flush(self, sql_list)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(operations, "execute_sql_flush", execute_sql_flush)
        yield


@pytest.fixture(autouse=True)
def _default_language():
    """Every test starts and ends in the site's default language and time zone. A request
    leaves the language and zone it activated (LocaleMiddleware, a user's saved choices) on the
    thread after the response: a test after a French request would otherwise read French
    messages, depending on which tests ran before it on the same pytest-xdist worker."""
    translation.deactivate()
    timezone.deactivate()
    yield
    translation.deactivate()
    timezone.deactivate()


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
    from systems.killpower.services.tournaments import tournament_create

    league_update(league=kp_league, competition_format="tournament")
    kp_league.refresh_from_db()
    set_ranking_points(titanos, 20)
    [fixture] = tournament_create(
        season=kp_season, first_kickoff=timezone.now() + timedelta(days=1)
    )
    return fixture


@pytest.fixture
def follow_up_tasks(settings):
    """The forecast and ratings follow-up of a stored result run eagerly again, as they do in
    every deployment (tests/settings.py skips them for the tests that do not look at them)."""
    settings.EAGER_TASKS_SKIPPED = frozenset()


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
