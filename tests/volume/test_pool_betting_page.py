"""A league's betting page in pool mode reads the pools of the round it shows at once: the
same number of queries for 6 open fixtures or 66 (it read each pool apart before), and for
any round of them."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from betting import bets
from betting.league_settings import settings_save
from matches import services as match_services
from tests.factories import LeagueFactory, SeasonFactory, TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


def _pool_league(teams: int):
    league = LeagueFactory()
    season = SeasonFactory(league=league)
    for number in range(teams):
        TeamFactory(league=league, name=f"Team {number}")
    match_services.fixtures_generate(
        season=season, double=False, first_kickoff=timezone.now() + timedelta(days=1)
    )
    settings_save(league=league, values={"mode": "pool"})
    punter = UserFactory()
    bets.wallet_open(user=punter, league=league)
    for fixture in season.fixtures.order_by("pk")[:3]:
        bets.bet_place(user=punter, fixture_id=fixture.pk, outcome="home", stake=10)
    return league, punter


def _count(client, url):
    client.get(url)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries), response


def test_pool_betting_page_costs_the_same_for_few_or_many_fixtures(client):
    # given a pool league of 4 teams (6 open fixtures) and one of 12 (66)
    small, small_punter = _pool_league(4)
    large, large_punter = _pool_league(12)

    # when a punter reads each one's betting page
    client.force_login(small_punter)
    small_count, _ = _count(client, f"/betting/leagues/{small.pk}/")
    client.force_login(large_punter)
    large_count, response = _count(client, f"/betting/leagues/{large.pk}/")

    # then both cost the same; the page shows the first round's 6 markets, each with its pool
    assert large_count == small_count
    season = large.seasons.get()
    first_round = set(season.fixtures.filter(round=1).values_list("pk", flat=True))
    markets = response.context["markets"]
    assert {market.fixture.pk for market in markets} == first_round and len(markets) == 6
    pools = {market.fixture.pk: market.quote.outcomes["home"]["pool"] for market in markets}
    staked = set(season.fixtures.order_by("pk").values_list("pk", flat=True)[:3])
    assert {pk for pk, pool in pools.items() if pool} == staked & first_round
    assert {pools[pk] for pk in staked & first_round} == {10}

    # and the last round costs the same again
    last_count, response = _count(client, f"/betting/leagues/{large.pk}/?round=11")
    assert last_count == small_count
    assert {market.fixture.round for market in response.context["markets"]} == {11}
