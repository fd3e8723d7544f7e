"""Settling a fixture costs the same SQL statements for 2 bets as for 12: nothing is read
bet by bet (10,000 bets on one fixture once took 6 s through a lazy read per bet)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from betting import bets, settlement
from matches import services
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _settle_queries(fixture, punters: int) -> int:
    for number in range(punters):
        user = UserFactory(username=f"punter{number}")
        bets.wallet_open(user=user, league=fixture.season.league)
        for outcome in ("home", "away"):
            bets.bet_place(user=user, fixture_id=fixture.pk, outcome=outcome, stake=10)
    services.fixture_simulate(fixture_id=fixture.pk, seed=3)
    with CaptureQueriesContext(connection) as queries:
        done = settlement.fixture_settle(fixture_id=fixture.pk)
    assert done is not None
    assert set(done.fixture.bets.values_list("status", flat=True)) == {"won", "lost"}
    return len(queries)


def test_settlement_reads_no_bet_one_by_one(open_fixture, season, team, other_team):
    from tests.factories import FixtureFactory

    few = _settle_queries(open_fixture, punters=1)
    later = FixtureFactory(season=season, home=other_team, away=team, kickoff=open_fixture.kickoff)
    many = _settle_queries(later, punters=6)
    assert many == few
