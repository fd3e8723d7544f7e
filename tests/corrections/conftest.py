"""Corrections personas: the Rotzball league of the shared personas with fixed-odds betting,
a fixture between Wolves and Ravens played 2-1 with a punter's bets on it, paid."""

from datetime import timedelta

import pytest
from django.utils import timezone

from betting import bets, settlement
from betting.league_settings import settings_save
from matches.models import Fixture, Result
from tests.factories import FixtureFactory, UserFactory


def play(fixture, home: int, away: int) -> Result:
    """A result recorded by hand, its record left empty (no turn to draw)."""
    Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)
    return Result.objects.create(
        fixture=fixture,
        home_score=home,
        away_score=away,
        winner="home" if home > away else "away",
        decided_by="regulation",
        seed=7,
        record={},
    )


@pytest.fixture
def punter(db):
    return UserFactory(username="punter")


@pytest.fixture
def betting_league(league):
    settings_save(league=league, values={"mode": "fixed"})
    return league


@pytest.fixture
def fixture(betting_league, season, team, other_team):
    return FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=2)
    )


@pytest.fixture
def wallet(betting_league, punter):
    return bets.wallet_open(user=punter, league=betting_league)[0]


@pytest.fixture
def bet_on(punter, wallet):
    """``bet_on(fixture, outcome, stake)``: the punter's bet, through the service."""

    def place(fixture, outcome, stake):
        return bets.bet_place(user=punter, fixture_id=fixture.pk, outcome=outcome, stake=stake)[0]

    return place


@pytest.fixture
def played(fixture, bet_on):
    """The fixture with a bet on each side (home 100, away 50), then won 2-1 by the home side
    and settled."""
    bet_on(fixture, "home", 100)
    bet_on(fixture, "away", 50)
    result = play(fixture, 2, 1)
    settlement.fixture_settle(fixture_id=fixture.pk)
    return result
