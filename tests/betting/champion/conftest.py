"""The champion market's tests run on a Rotzball season, a game whose champion tops the league
points table the forecasts count (``matches.plugins.crowns_by_points``): four teams meeting
twice, few simulations. The seasons crowned otherwise (Killpower Ball's ranking points, a
tournament's final) build the same season in their own league (``double_round_robin``)."""

from datetime import timedelta

import pytest
from django.urls import reverse

from betting import bets
from betting.errors import BettingRefused
from league.services import league_create
from tests.factories import FixtureFactory, TeamFactory, UserFactory
from tests.ratings.conftest import FIRST_MONDAY, play, round_robin

NAMES = ("Ants", "Bees", "Cats", "Dogs")


@pytest.fixture(autouse=True)
def few_simulations(settings):
    settings.FORECAST_SIMULATIONS = 2000


def four_teams(league):
    """Ants, Bees, Cats and Dogs, without line-ups (their fixtures priced from the ratings)."""
    return [TeamFactory(league=league, name=name) for name in NAMES]


def double_round_robin(season, teams):
    """Six rounds: each pair meets twice."""
    fixtures = []
    for number, pairs in enumerate(round_robin(teams), start=1):
        kickoff = FIRST_MONDAY + timedelta(weeks=number)
        for home, away in pairs:
            fixtures.append(
                FixtureFactory(season=season, round=number, home=home, away=away, kickoff=kickoff)
            )
            fixtures.append(
                FixtureFactory(
                    season=season,
                    round=number + 3,
                    home=away,
                    away=home,
                    kickoff=kickoff + timedelta(weeks=3),
                )
            )
    return sorted(fixtures, key=lambda f: (f.round, f.pk))


@pytest.fixture
def rz_league(commissioner):
    return league_create(commissioner=commissioner, name="Middenheim Cup", rule_system="rotzball")


@pytest.fixture
def rz_season(rz_league):
    return rz_league.seasons.get()


@pytest.fixture
def teams(rz_league):
    return four_teams(rz_league)


@pytest.fixture
def fixtures(rz_season, teams):
    return double_round_robin(rz_season, teams)


@pytest.fixture
def played(run_on_commit):
    """``played(fixture, home, away)``: a result entered, the workers run after its commit."""

    def run(fixture, home, away):
        return run_on_commit(play, fixture, home, away)

    return run


@pytest.fixture
def punter(db):
    return UserFactory(username="punter")


@pytest.fixture
def rival(db):
    return UserFactory(username="rival")


def wallet(user, league):
    return bets.wallet_open(user=user, league=league)[0]


def refused(code, call, *args, **kwargs):
    """The refusal ``call`` raises, checked to carry ``code``."""
    with pytest.raises(BettingRefused) as caught:
        call(*args, **kwargs)
    assert caught.value.code == code
    return caught.value


def ants_win_every_game(fixtures, played, rounds):
    """Ants win each of their games of ``rounds``; the others' games are home wins."""
    ants = fixtures[0].season.league.teams.get(name="Ants")
    for fixture in [f for f in fixtures if f.round in rounds]:
        if fixture.away_id == ants.pk:
            played(fixture, 0, 3)
        else:
            played(fixture, 3, 0)


def market_url(season):
    return reverse("betting:champion", args=[season.league_id, season.pk])
