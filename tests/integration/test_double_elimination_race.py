"""A double elimination's round published twice at once on PostgreSQL: both requests answer
the same fixtures, made once; then two "pair the next round" at once leave one draft."""

import threading

import pytest
from django.db import close_old_connections, connection

from matches.models import Fixture
from tests.factories import LeagueFactory, ResultFactory, SeasonFactory, TeamFactory
from tournaments import services
from tournaments.models import Round, Tournament

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def twice_at_once(action):
    barrier = threading.Barrier(2)
    outcomes: list[object] = []

    def run():
        barrier.wait(timeout=5)
        try:
            outcomes.append(action())
        except BaseException as error:
            outcomes.append(error)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return outcomes


def test_a_bracket_round_published_and_paired_twice_at_once():
    league = LeagueFactory()
    season = SeasonFactory(league=league)
    teams = [TeamFactory(league=league, coach=None) for _ in range(8)]
    bracket = services.tournament_create(
        season=season, name="Race", teams=teams, format=Tournament.Format.DOUBLE
    )
    draft = services.round_pair(tournament=bracket)

    published = twice_at_once(lambda: sorted(f.pk for f in services.round_publish(round_=draft)))

    assert all(isinstance(o, list) for o in published), published
    assert published[0] == published[1] and len(published[0]) == 4
    assert Fixture.objects.filter(season=season).count() == 4

    for fixture in Fixture.objects.filter(season=season):
        ResultFactory(fixture=fixture, home_score=1, away_score=0)
    paired = twice_at_once(lambda: services.round_pair(tournament=bracket).number)

    assert paired == [2, 2], paired
    second = Round.objects.get(tournament=bracket, number=2)
    assert sorted(second.pairings.values_list("match", flat=True)) == [
        "L1.1",
        "L1.2",
        "W2.1",
        "W2.2",
    ]
