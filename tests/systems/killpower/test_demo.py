"""The Killpower part of the demo: built through the services, once."""

import pytest

from league.models import League
from matches.models import Fixture
from systems.killpower import demo as killpower_demo
from systems.killpower.models import PostMatchRun
from systems.killpower.selectors.matches import bracket_get, report_queue

pytestmark = pytest.mark.django_db


def test_the_demo_builds_a_championship_and_a_tournament_once(commissioner):
    assert killpower_demo.build_missing(commissioner) == [
        killpower_demo.CHAMPIONSHIP,
        killpower_demo.TOURNAMENT,
    ]
    assert killpower_demo.build_missing(commissioner) == []  # idempotent

    championship = League.objects.get(name=killpower_demo.CHAMPIONSHIP).seasons.get()
    played = championship.fixtures.filter(status=Fixture.Status.PLAYED)
    assert played.count() == 6 and set(played.values_list("round", flat=True)) == {1, 2}
    assert PostMatchRun.objects.filter(fixture__in=played).count() == 6
    assert [r.status for r in report_queue(user=commissioner)] == ["disputed", "pending"]
    cup = League.objects.get(name=killpower_demo.TOURNAMENT).seasons.get()
    bracket = bracket_get(season=cup)
    assert [m.winner is not None for m in bracket.rounds[0]] == [True] * 4
    assert cup.fixtures.filter(round=2).count() == 2
