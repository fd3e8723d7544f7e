"""A Mythril league run by ``commissioner`` with the engine's sample roster data, and helpers
to build teams and fixtures through the services."""

from datetime import timedelta

import pytest
from django.utils import timezone

from league.services import league_create
from matches.models import Fixture
from systems.mythril.services.teams import mythril_team_register
from tests.factories import UserFactory


def humans(linemen: int = 11, **extra: int) -> list[dict]:
    """A Human draft: ``linemen`` linemen and ``extra`` other positions (``Blitzer=2``)."""
    players = [{"position": "Lineman"}] * linemen
    for position, count in extra.items():
        players += [{"position": position}] * count
    return players


@pytest.fixture
def league(db, commissioner):
    return league_create(commissioner=commissioner, name="Mythril", rule_system="mythril")


@pytest.fixture
def season(league):
    return league.seasons.get()


@pytest.fixture
def make_team(league):
    def make(
        name: str,
        coach,
        *,
        race: str = "Human",
        players=None,
        popularity: int = 1,
        home_pitch: str = "lawn",
    ):
        return mythril_team_register(
            league=league,
            name=name,
            coach=coach,
            team_list=race,
            players=players if players is not None else humans(),
            popularity=popularity,
            home_pitch=home_pitch,
        )

    return make


@pytest.fixture
def home_team(make_team, coach):
    return make_team("Reikland Reavers", coach)


@pytest.fixture
def away_team(make_team, other_coach):
    return make_team(
        "Orcland Raiders", other_coach, race="Orc", players=[{"position": "Lineman"}] * 11
    )


@pytest.fixture
def fixture(season, home_team, away_team):
    return Fixture.objects.create(
        season=season,
        round=1,
        home=home_team,
        away=away_team,
        kickoff=timezone.now() + timedelta(days=1),
    )


@pytest.fixture
def third_coach(db):
    return UserFactory(username="third")
