"""The Rotzball demo is built through the services, once: eight teams, a double round robin
whose first rounds are past (their simulation asked for) and the next kicks off tomorrow
evening; every build prints
the coaches' logins in the columns ``demo_data`` prints the commissioner's in."""

from datetime import timedelta

import pytest
from django.utils import timezone

from league.models import League
from matches.models import Fixture
from systems.rotzball import demo
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_demo_league_built_once_with_its_logins():
    commissioner = UserFactory(username="demo-commissioner")
    lines = demo.build(commissioner)
    assert lines[1] == (
        "  coach         username coach1        password rotzball-coach1   "
        "(Loups Blancs de Middenheim)"
    )
    assert len(lines) == 1 + len(demo.TEAMS)
    league = League.objects.get(name=demo.LEAGUE_NAME)
    fixtures = Fixture.objects.filter(season__league=league)
    assert fixtures.count() == 8 * 7  # a double round robin of eight teams
    tomorrow = timezone.now().replace(hour=20, minute=0, second=0, microsecond=0) + timedelta(1)
    first = fixtures.filter(round=1).first()
    assert first.kickoff == tomorrow - timedelta(weeks=demo.PLAYED_ROUNDS)
    assert demo.build(commissioner) == lines
    assert League.objects.filter(name=demo.LEAGUE_NAME).count() == 1
