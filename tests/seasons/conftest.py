"""A Rotzball league of three teams with full line-ups, its first season's fixtures generated
(a single round robin), and a helper to play a season through the simulation (eager tasks)."""

import pytest

from core.signals import domain_event
from league.models import Season
from matches import services
from matches.models import Fixture
from tests.factories import TeamFactory, UserFactory, full_lineup


@pytest.fixture
def events():
    """The domain events published during the test (``core.events``), in order."""
    heard = []

    def listen(sender, event, **kwargs):
        heard.append(event)

    domain_event.connect(listen, weak=False)
    yield heard
    domain_event.disconnect(listen)


@pytest.fixture
def third_coach(db):
    return UserFactory(username="third_coach")


@pytest.fixture
def third_team(league, third_coach):
    team = TeamFactory(league=league, name="Bears", coach=third_coach)
    full_lineup(team, skill=50)
    return team


@pytest.fixture
def played_season(season, team, other_team, third_team, run_on_commit):
    """Season 2526 with a single round robin of three teams, every fixture simulated."""
    services.fixtures_generate(season=season, double=False)
    simulate_all(season, run_on_commit)
    return season


def simulate_all(season: Season, run_on_commit) -> None:
    """Every unresolved fixture simulated, the tasks run eagerly after commit."""
    run_on_commit(services.simulation_request, season=season, user=None)
    assert not season.fixtures.exclude(status=Fixture.Status.PLAYED).exists()
