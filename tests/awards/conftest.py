"""Awards personas: a Rotzball season of three teams played through the simulation, and the
domain events heard during a test."""

import pytest

from core.signals import domain_event
from matches import services
from matches.models import Fixture
from tests.factories import TeamFactory, UserFactory, full_lineup


@pytest.fixture
def events():
    heard = []

    def listen(sender, event, **kwargs):
        heard.append(event)

    domain_event.connect(listen, weak=False)
    yield heard
    domain_event.disconnect(listen)


@pytest.fixture
def third_team(league):
    team = TeamFactory(league=league, name="Bears", coach=UserFactory(username="third_coach"))
    full_lineup(team, skill=50)
    return team


@pytest.fixture
def played_season(season, team, other_team, third_team, run_on_commit):
    """A double round robin of three Rotzball teams, every fixture simulated."""
    services.fixtures_generate(season=season, double=True)
    run_on_commit(services.simulation_request, season=season, user=None)
    assert not season.fixtures.exclude(status=Fixture.Status.PLAYED).exists()
    return season
