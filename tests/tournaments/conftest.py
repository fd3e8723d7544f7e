"""A Swiss tournament of a league's teams, and a helper that plays a round's fixtures."""

import pytest

from tests.factories import ResultFactory, TeamFactory
from tournaments import services


@pytest.fixture
def six_teams(league):
    return [TeamFactory(league=league, name=name, coach=None) for name in "ABCDEF"]


@pytest.fixture
def swiss(season, six_teams):
    return services.tournament_create(season=season, name="Spring Swiss", teams=six_teams)


def play(round_, scores=None):
    """Give each of the round's fixtures a result: ``scores[table]`` or the home side 1-0."""
    scores = scores or {}
    for pairing in round_.pairings.select_related("fixture").order_by("table"):
        if pairing.fixture is not None:
            home, away = scores.get(pairing.table, (1, 0))
            ResultFactory(fixture=pairing.fixture, home_score=home, away_score=away)


def pair_and_publish(tournament, scores=None):
    round_ = services.round_pair(tournament=tournament)
    services.round_publish(round_=round_)
    play(round_, scores)
    return round_
