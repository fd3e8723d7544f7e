"""Betting personas: punters in the Rotzball league (fixed odds) and the Killpower league
(a pool), and a fixture open for bets in each."""

from datetime import timedelta

import pytest
from django.utils import timezone

from betting import bets
from betting.league_settings import settings_save
from tests.factories import FixtureFactory, UserFactory


@pytest.fixture(autouse=True)
def _follow_up_tasks(follow_up_tasks):
    """The eager follow-up tasks run here (prices and draw fits follow the ratings): tests/settings.py."""


@pytest.fixture
def punter(db):
    return UserFactory(username="punter")


@pytest.fixture
def other_punter(db):
    return UserFactory(username="other_punter")


@pytest.fixture
def fixed_league(league):
    settings_save(league=league, values={"mode": "fixed"})
    return league


@pytest.fixture
def open_fixture(fixed_league, season, team, other_team):
    """Wolves (coach) at home to Ravens (other coach), in two days; both line-ups complete."""
    return FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=2)
    )


@pytest.fixture
def wallet(fixed_league, punter):
    return bets.wallet_open(user=punter, league=fixed_league)[0]


@pytest.fixture
def pool_league(kp_league):
    settings_save(league=kp_league, values={"mode": "pool", "house_cut_percent": 10})
    return kp_league


@pytest.fixture
def place():
    """``place(user, fixture, outcome, stake)``: a bet through the service."""

    def run(user, fixture, outcome, stake, **extra):
        return bets.bet_place(
            user=user, fixture_id=fixture.pk, outcome=outcome, stake=stake, **extra
        )[0]

    return run
