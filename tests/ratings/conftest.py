"""Ratings personas: a Killpower league (played at the table, draws possible in its
championship) with two teams whose ratings are stored as rows, as the rating service writes
them."""

import pytest

from ratings.models import TeamRating
from tests.factories import TeamFactory


@pytest.fixture
def kp_teams(kp_league):
    return TeamFactory(league=kp_league, name="Titans"), TeamFactory(league=kp_league, name="Orcs")


@pytest.fixture
def rate():
    """``rate(team, season, round, rating, rd=80)``: a team's rating at the end of a round."""

    def run(team, season, round, rating, rd=80.0, volatility=0.06):
        return TeamRating.objects.create(
            team=team, season=season, round=round, rating=rating, rd=rd, volatility=volatility
        )

    return run
