"""A season of 8 teams (56 fixtures in a double round robin, some played, one cancelled) for
the export tests."""

from datetime import UTC, datetime, timedelta

import pytest

from matches.models import Fixture, Result
from tests.betting.conftest import (  # noqa: F401  (the betting personas, shared)
    fixed_league,
    open_fixture,
    other_punter,
    place,
    punter,
    wallet,
)
from tests.factories import FixtureFactory, SeasonFactory, TeamFactory

FIRST_KICKOFF = datetime(2026, 3, 7, 18, 30, tzinfo=UTC)


def play(fixture: Fixture, home: int, away: int) -> Result:
    fixture.status = Fixture.Status.PLAYED
    fixture.save(update_fields=["status"])
    winner = "home" if home > away else "away" if away > home else "draw"
    return Result.objects.create(
        fixture=fixture,
        home_score=home,
        away_score=away,
        winner=winner,
        decided_by="regulation",
        seed=1,
        record={},
    )


@pytest.fixture
def full_season(league, team, other_team):
    """``league`` (Wolves, Ravens and six more: "Élan d'Été" among them) with 56 fixtures:
    rounds 1 to 3 played, one fixture of round 4 cancelled."""
    season = SeasonFactory(league=league, name="2026")
    teams = [team, other_team] + [
        TeamFactory(league=league, name=name)
        for name in ("Élan d'Été", "Boars", "Crows", "Dogs", "Eagles", "Foxes")
    ]
    fixtures = []
    for round_number in range(1, 15):
        for index in range(4):
            home = teams[(index + round_number) % 8]
            away = teams[(7 - index + round_number) % 8]
            if round_number > 7:
                home, away = away, home
            fixtures.append(
                FixtureFactory(
                    season=season,
                    round=round_number,
                    home=home,
                    away=away,
                    kickoff=FIRST_KICKOFF + timedelta(days=7 * round_number, minutes=index),
                )
            )
    for number, fixture in enumerate(fixtures[:12]):
        play(fixture, number % 4, (number * 3) % 5)
    fixtures[12].status = Fixture.Status.CANCELLED
    fixtures[12].save(update_fields=["status"])
    return season
