"""Two results of the same team written at once on PostgreSQL: neither is lost from the kept
standings. Both transactions store their result, then count the team's season again while the
other's result is not committed yet. Without the row lock, both count before either commits and
the second write keeps one result of two (shown first); with it, the second counts after the
first has committed and keeps both."""

import contextlib
import threading

import pytest
from django.db import close_old_connections, connection, transaction
from django.db.models.query import QuerySet

from matches import standings_keeping
from matches.models import Fixture, Standing
from matches.standings_keeping import standings_refresh
from tests.factories import (
    FixtureFactory,
    LeagueFactory,
    ResultFactory,
    SeasonFactory,
    TeamFactory,
)

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def _two_results_at_once(monkeypatch) -> tuple[Standing, list[object]]:
    league = LeagueFactory()
    season = SeasonFactory(league=league)
    x, y, z = (TeamFactory(league=league) for _ in range(3))
    fixtures = [
        FixtureFactory(season=season, round=1, home=x, away=y),
        FixtureFactory(season=season, round=2, home=z, away=x),
    ]
    standings_refresh(season_id=season.pk)  # the rows exist, as after any earlier result
    counted = threading.Barrier(2)
    count = standings_keeping.standings_count

    def count_together(lines, team_ids):
        """Both transactions reach the count before either writes, where the lock lets them."""
        # Broken when the other one waits on the row lock: it counts once this one commits.
        with contextlib.suppress(threading.BrokenBarrierError):
            counted.wait(timeout=3)
        return count(lines, team_ids)

    monkeypatch.setattr(standings_keeping, "standings_count", count_together)
    outcomes: list[object] = []

    def play(fixture: Fixture) -> None:
        try:
            with transaction.atomic():
                ResultFactory(fixture=fixture, home_score=1, away_score=0)
            outcomes.append("stored")
        except BaseException as error:
            outcomes.append(error)
        finally:
            close_old_connections()
            connection.close()

    threads = [threading.Thread(target=play, args=(fixture,)) for fixture in fixtures]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    return Standing.objects.get(season=season, team=x), outcomes


def test_without_the_row_lock_one_of_two_results_is_lost(monkeypatch):
    monkeypatch.setattr(QuerySet, "select_for_update", lambda self, **kwargs: self)
    row, outcomes = _two_results_at_once(monkeypatch)
    assert outcomes == ["stored", "stored"]
    assert row.played == 1  # the race: the team played twice


def test_with_the_row_lock_both_results_are_counted(monkeypatch):
    row, outcomes = _two_results_at_once(monkeypatch)
    assert outcomes == ["stored", "stored"]
    assert (row.played, row.wins, row.losses, row.goals_for, row.goals_against) == (2, 1, 1, 1, 1)
