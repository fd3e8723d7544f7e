"""A commissioner's double submit of "start the next season", and a finish raced by a second
finish, on PostgreSQL: one new season with one round robin, the other request refused (409),
one champion."""

import threading

import pytest
from django.db import close_old_connections, connection
from django.utils import timezone

from core.refusals import Refused
from league.models import Season
from matches import seasons
from matches.models import Fixture, Result
from tests.factories import LeagueFactory, SeasonFactory, TeamFactory

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def _twice(call, **kwargs) -> list[object]:
    barrier = threading.Barrier(2)
    outcomes: list[object] = []

    def run():
        barrier.wait(timeout=5)
        try:
            outcomes.append(call(**kwargs))
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


def test_two_starts_at_once_open_one_season():
    league = LeagueFactory()
    SeasonFactory(league=league, name="2526", finished_at=timezone.now())
    for _ in range(4):
        TeamFactory(league=league)

    outcomes = _twice(seasons.season_start_next, league=league, name="2627", by=league.commissioner)

    started = [o for o in outcomes if isinstance(o, Season)]
    refused = [o for o in outcomes if isinstance(o, Refused)]
    assert len(started) == 1 and len(refused) == 1, outcomes
    assert refused[0].status_code == 409 and refused[0].code == "season_exists"
    assert Season.objects.filter(league=league).count() == 2
    assert Fixture.objects.filter(season=started[0]).count() == 12  # 4 teams, home and away


def test_two_finishes_at_once_crown_once():
    league = LeagueFactory()
    season = SeasonFactory(league=league)
    home, away = TeamFactory(league=league), TeamFactory(league=league)
    fixture = Fixture.objects.create(
        season=season,
        round=1,
        home=home,
        away=away,
        kickoff=timezone.now(),
        status=Fixture.Status.PLAYED,
    )
    Result.objects.create(
        fixture=fixture,
        home_score=2,
        away_score=0,
        winner="home",
        decided_by="regulation",
        seed=1,
        record={},
    )

    outcomes = _twice(seasons.season_finish, season=season, by=league.commissioner)

    finished = [o for o in outcomes if isinstance(o, Season)]
    refused = [o for o in outcomes if isinstance(o, Refused)]
    assert len(finished) == 1 and len(refused) == 1, outcomes
    assert refused[0].code == "season_finished"
    season.refresh_from_db()
    assert season.champion == home
