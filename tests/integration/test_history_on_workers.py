"""The history on real workers: a change a Celery worker makes has no actor ("system"), the
request that asked for it keeps its user, and every entry knows its league."""

from datetime import timedelta

import pytest
from auditlog.context import set_actor
from django.contrib.contenttypes.models import ContentType
from django.utils import timezone

from core.models import HistoryEntry
from matches import services
from matches.models import Fixture, Result
from tests.factories import LeagueFactory, SeasonFactory, TeamFactory, UserFactory, full_lineup
from tests.integration.conftest import wait_until

pytestmark = pytest.mark.integration


def test_a_worker_records_its_changes_without_an_actor(worker):
    commissioner = UserFactory(username="history-commissioner")
    league = LeagueFactory(name="History league", commissioner=commissioner)
    season = SeasonFactory(league=league)
    for index in range(2):
        full_lineup(TeamFactory(league=league, name=f"Team {index}"), skill=40)
    with set_actor(commissioner):
        fixtures = services.fixtures_generate(
            season=season, double=False, first_kickoff=timezone.now() + timedelta(days=1)
        )
        services.simulation_request(season=season, user=commissioner)
    wait_until(lambda: Result.objects.filter(fixture__season=season).count() == len(fixtures))

    results = HistoryEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(Result), league_id=league.pk
    )
    assert results.count() == len(fixtures)
    assert {entry.actor_id for entry in results} == {None}  # the worker: "system"
    created = HistoryEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(Fixture),
        action=HistoryEntry.Action.CREATE,
        league_id=league.pk,
    )
    assert {entry.actor_id for entry in created} == {commissioner.pk}  # the request
    assert worker.errors() == []
