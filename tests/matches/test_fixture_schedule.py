"""One fixture between any two teams of a league: the service (championship seasons only)."""

from datetime import UTC, datetime

import pytest
from django.core.exceptions import ValidationError

from league.services import league_update
from matches.models import Fixture
from matches.services import fixture_schedule
from tests.factories import FixtureFactory, LeagueFactory, TeamFactory

pytestmark = pytest.mark.django_db

KICKOFF = datetime(2031, 5, 3, 19, 0, tzinfo=UTC)


@pytest.fixture
def boars(league):
    return TeamFactory(league=league, name="Boars")


# --- service ------------------------------------------------------------------------------


def test_a_fixture_goes_into_a_new_round_after_the_last(season, team, other_team, boars):
    FixtureFactory(season=season, round=3, home=team, away=other_team)

    fixture = fixture_schedule(season=season, home=boars, away=team, kickoff=KICKOFF)

    assert (fixture.round, fixture.home, fixture.away, fixture.kickoff) == (4, boars, team, KICKOFF)
    assert fixture.status == Fixture.Status.SCHEDULED


def test_first_fixture_of_a_season_is_round_one(season, team, other_team):
    fixture = fixture_schedule(season=season, home=team, away=other_team, kickoff=KICKOFF)
    assert fixture.round == 1


def test_a_team_plays_once_a_round_on_either_side(season, team, other_team, boars):
    FixtureFactory(season=season, round=2, home=team, away=other_team)

    with pytest.raises(ValidationError) as refused:
        fixture_schedule(season=season, home=boars, away=team, kickoff=KICKOFF, round_number=2)

    assert set(refused.value.message_dict) == {"away"}
    assert season.fixtures.count() == 1


def test_teams_of_another_league_or_the_same_team_twice_are_refused(season, team):
    stranger_team = TeamFactory(league=LeagueFactory(name="Elsewhere"), name="Outsiders")

    with pytest.raises(ValidationError) as refused:
        fixture_schedule(season=season, home=team, away=stranger_team, kickoff=KICKOFF)
    assert set(refused.value.message_dict) == {"away"}

    with pytest.raises(ValidationError) as refused:
        fixture_schedule(season=season, home=team, away=team, kickoff=KICKOFF)
    assert set(refused.value.message_dict) == {"away"}
    assert not season.fixtures.exists()


def test_a_naive_kickoff_is_refused(season, team, other_team):
    with pytest.raises(ValidationError) as refused:
        fixture_schedule(
            season=season, home=team, away=other_team, kickoff=datetime(2031, 5, 3, 19, 0)
        )
    assert set(refused.value.message_dict) == {"kickoff"}


def test_a_killpower_championship_season_takes_a_fixture(kp_season, titanos, viking):
    fixture = fixture_schedule(season=kp_season, home=viking, away=titanos, kickoff=KICKOFF)
    assert fixture.round == 1


def test_a_killpower_tournament_season_is_refused(kp_league, kp_season, titanos, viking):
    league_update(league=kp_league, competition_format="tournament")
    kp_season.refresh_from_db()

    with pytest.raises(ValidationError) as refused:
        fixture_schedule(season=kp_season, home=titanos, away=viking, kickoff=KICKOFF)

    assert set(refused.value.message_dict) == {"season"}
    assert not kp_season.fixtures.exists()
