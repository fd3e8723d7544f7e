"""A commissioner's double submit of "generate the fixtures": one round robin, one refusal."""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import close_old_connections, connection

from matches import services
from matches.models import Fixture
from tests.factories import LeagueFactory, SeasonFactory, TeamFactory

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_two_generations_at_once_make_one_round_robin():
    league = LeagueFactory()
    season = SeasonFactory(league=league)
    for _ in range(6):
        TeamFactory(league=league)
    barrier = threading.Barrier(2)
    outcomes: list[object] = []

    def generate():
        barrier.wait(timeout=5)
        try:
            outcomes.append(len(services.fixtures_generate(season=season)))
        except BaseException as error:
            outcomes.append(error)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=generate) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    made = [o for o in outcomes if isinstance(o, int)]
    refused = [o for o in outcomes if isinstance(o, ValidationError)]
    assert made == [30] and len(refused) == 1, outcomes  # 6 teams, double round robin
    assert Fixture.objects.filter(season=season).count() == 30
