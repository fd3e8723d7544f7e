"""Killpower results confirmed on PostgreSQL, post-match sequences run by a real Celery worker:
exactly once per fixture, even with every task sent three times."""

import time

import pytest
from django.db.models import Count

from league.models import Team
from league.services import league_create
from matches import services
from matches.models import Fixture
from matches.table_results.services import report_confirm, report_enter
from systems.killpower.models import GladiatorEvent, PostMatchRun
from systems.killpower.services.teams import killpower_team_register
from systems.killpower.tasks import post_match_task
from tests.factories import UserFactory, killpower_recruits
from tests.integration.conftest import wait_until

pytestmark = pytest.mark.integration


def test_confirmed_results_get_their_post_match_sequence_exactly_once(worker):
    commissioner = UserFactory(username="kp-commissioner")
    league = league_create(commissioner=commissioner, name="Arène", rule_system="killpower")
    season = league.seasons.get()
    for n in range(4):
        killpower_team_register(
            league=league, name=f"T{n}", gladiators=killpower_recruits(f"T{n}"), seed=n
        )
    fixtures = [f for f in services.fixtures_generate(season=season, double=False) if f.round == 1]

    for fixture in fixtures:  # each confirmation enqueues post_match_task after its commit
        entered = report_enter(
            fixture=fixture,
            user=commissioner,
            result={
                "score": {"home": 2, "away": 0},
                "home": {
                    "comas": [{"gladiator": fixture.home.gladiators.first().name, "state": -20}]
                },
            },
        )
        report_confirm(report=entered, user=commissioner)
    for fixture in fixtures:  # ... and every task twice more
        post_match_task.delay(fixture.pk)
        post_match_task.delay(fixture.pk)

    ids = [f.pk for f in fixtures]
    wait_until(lambda: PostMatchRun.objects.filter(fixture__in=ids).count() == len(ids))
    time.sleep(2)  # let the duplicates run too
    per_fixture = (
        PostMatchRun.objects.filter(fixture__in=ids).values("fixture").annotate(n=Count("pk"))
    )

    assert {row["n"] for row in per_fixture} == {1}
    # a coma at -20 always dies (limb -16, head -11): one dead and one recruit per winner
    assert GladiatorEvent.objects.filter(kind="died").count() == len(ids)
    assert GladiatorEvent.objects.filter(kind="recruited").count() == len(ids)
    assert GladiatorEvent.objects.filter(kind="xp").count() == 13 * len(ids)
    winners = Team.objects.filter(home_fixtures__in=ids)
    assert set(winners.values_list("killpower__ranking_points", flat=True)) == {3}
    assert all(t.gladiators.exclude(status="dead").count() == 7 for t in Team.objects.all())
    assert set(Fixture.objects.filter(pk__in=ids).values_list("status", flat=True)) == {"played"}
    assert worker.errors() == []
