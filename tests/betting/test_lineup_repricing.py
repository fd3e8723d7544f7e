"""A roster write prices the team's fixtures ahead again, where the league bets at fixed odds."""

from unittest import mock

import pytest

from betting import receivers
from betting.league_settings import settings_save
from matches.models import Fixture
from systems.rotzball import services
from tests.factories import FixtureFactory, TeamFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixtures(season, team, other_team):
    third = TeamFactory(league=season.league, name="Hawks")
    return {
        "home": FixtureFactory(season=season, round=1, home=team, away=other_team),
        "away": FixtureFactory(season=season, round=2, home=third, away=team),
        "played": FixtureFactory(
            season=season, round=3, home=team, away=third, status=Fixture.Status.PLAYED
        ),
        "others": FixtureFactory(season=season, round=4, home=other_team, away=third),
    }


def _priced(team) -> list[int]:
    with mock.patch.object(receivers, "enqueue_on_commit") as enqueue:
        services.team_set_match_plan(team=team, tactic="offensive")
    assert {call.args[0] for call in enqueue.call_args_list} <= {receivers.ODDS}
    return sorted(call.args[1] for call in enqueue.call_args_list)


def test_a_roster_write_prices_the_team_s_scheduled_fixtures_at_fixed_odds(team, fixtures):
    settings_save(league=team.league, values={"mode": "fixed"})

    assert _priced(team) == sorted([fixtures["home"].pk, fixtures["away"].pk])


def test_a_league_without_fixed_odds_prices_nothing(team, fixtures):
    settings_save(league=team.league, values={"mode": "pool"})

    assert _priced(team) == []
