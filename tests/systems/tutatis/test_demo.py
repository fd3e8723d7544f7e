"""The Tutatis demo is built through the services: teams within budget, round 1 played with
its rolls, an injury carried over, a result waiting; building twice changes nothing."""

import pytest

from league.models import League
from matches.models import Fixture
from systems.tutatis import demo
from systems.tutatis.models import MatchRoll, Player, ResultReport
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_demo_league():
    commissioner = UserFactory(username="demo-commissioner")
    lines = demo.build(commissioner)
    assert "tutatis1" in "\n".join(lines)
    league = League.objects.get(name=demo.LEAGUE)
    assert league.teams.count() == 4
    for team in league.teams.all():
        assert Player.objects.filter(team=team, on_pitch=True).count() == 7
    played = Fixture.objects.filter(season__league=league, status=Fixture.Status.PLAYED)
    assert played.count() == 2
    assert MatchRoll.objects.filter(fixture__in=played).count() == 4
    assert Player.objects.filter(team__league=league, badly_hurt=True).count() == 1
    assert ResultReport.objects.filter(status=ResultReport.Status.PENDING).count() == 1
    demo.build(commissioner)
    assert League.objects.filter(name=demo.LEAGUE).count() == 1
