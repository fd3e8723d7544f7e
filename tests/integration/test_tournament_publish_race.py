"""A commissioner's double submit of "publish round 1" on PostgreSQL: both requests answer
the same fixtures, made once (the tournament's and the round's row locks)."""

import threading

import pytest
from django.db import close_old_connections, connection

from matches.models import Fixture
from tests.factories import LeagueFactory, SeasonFactory, TeamFactory
from tournaments import services

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_two_publications_at_once_make_the_fixtures_once():
    league = LeagueFactory()
    season = SeasonFactory(league=league)
    teams = [TeamFactory(league=league, coach=None) for _ in range(6)]
    swiss = services.tournament_create(season=season, name="Race", teams=teams)
    draft = services.round_pair(tournament=swiss)
    barrier = threading.Barrier(2)
    outcomes: list[object] = []

    def publish():
        barrier.wait(timeout=5)
        try:
            outcomes.append(sorted(f.pk for f in services.round_publish(round_=draft)))
        except BaseException as error:
            outcomes.append(error)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=publish) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert len(outcomes) == 2 and all(isinstance(o, list) for o in outcomes), outcomes
    assert outcomes[0] == outcomes[1] and len(outcomes[0]) == 3
    assert Fixture.objects.filter(season=season).count() == 3
