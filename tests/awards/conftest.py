"""Awards personas: a Rotzball season of three teams played through the simulation, and the
domain events heard during a test; the third team and the events are the seasons' own
(tests/seasons/conftest.py)."""

import pytest

from matches import services
from tests.seasons.conftest import events, simulate_all, third_coach, third_team

__all__ = ["events", "played_season", "third_coach", "third_team"]


@pytest.fixture
def played_season(season, team, other_team, third_team, run_on_commit):
    """A double round robin of three Rotzball teams, every fixture simulated."""
    services.fixtures_generate(season=season, double=True)
    simulate_all(season, run_on_commit)
    return season
