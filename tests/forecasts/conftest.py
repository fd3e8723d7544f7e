"""A Killpower league (played at the table: its fixtures priced from the ratings, draws
possible) of four teams meeting twice, and a small number of simulations for speed."""

from datetime import timedelta

import pytest

from tests.factories import FixtureFactory, TeamFactory
from tests.ratings.conftest import FIRST_MONDAY, play, round_robin


@pytest.fixture(autouse=True)
def _follow_up_tasks(follow_up_tasks):
    """The eager follow-up tasks run here (a forecast is follow-up work of a result): tests/settings.py."""


@pytest.fixture(autouse=True)
def few_simulations(settings):
    settings.FORECAST_SIMULATIONS = 2000


@pytest.fixture
def teams(kp_league):
    return [TeamFactory(league=kp_league, name=name) for name in ("Ants", "Bees", "Cats", "Dogs")]


@pytest.fixture
def fixtures(kp_season, teams):
    """Six rounds: each pair meets twice."""
    fixtures = []
    for number, pairs in enumerate(round_robin(teams), start=1):
        kickoff = FIRST_MONDAY + timedelta(weeks=number)
        for home, away in pairs:
            fixtures.append(
                FixtureFactory(
                    season=kp_season, round=number, home=home, away=away, kickoff=kickoff
                )
            )
            fixtures.append(
                FixtureFactory(
                    season=kp_season,
                    round=number + 3,
                    home=away,
                    away=home,
                    kickoff=kickoff + timedelta(weeks=3),
                )
            )
    return sorted(fixtures, key=lambda f: (f.round, f.pk))


@pytest.fixture
def played(fixtures, run_on_commit):
    """``played(fixture, home, away)``: a result entered, the workers run after its commit."""

    def run(fixture, home, away):
        return run_on_commit(play, fixture, home, away)

    return run
