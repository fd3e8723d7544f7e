"""The champion market settled by a real Celery worker on PostgreSQL and Redis: the season's
finish commits, its event sends the settlement task through Redis, and the worker pays the
champion's backers exactly once, even when the task is delivered twice while another
transaction holds the season's row (the settlement's mutex)."""

from datetime import timedelta

import psycopg
import pytest
from django.db import connection
from django.utils import timezone

from betting import bets, futures
from betting.league_settings import settings_save
from betting.models import Bet, Settlement
from betting.tasks import season_settle_task
from forecasts.services import forecast_ensure
from league.models import Season
from league.services import league_create
from ledger.audit import ledger_audit
from matches import seasons
from matches.models import Fixture, Result
from tests.factories import FixtureFactory, TeamFactory, UserFactory
from tests.integration.conftest import someone_waits_on_a_lock, wait_until

pytestmark = pytest.mark.integration


def _season_with_bets():
    """A four-team Rotzball season betting at fixed odds (its champion tops the league points
    table the odds are priced from): two punters back Ants and Bees, then every fixture is
    played, a home win, Ants winning all theirs."""
    commissioner = UserFactory(username="commissioner")
    league = league_create(commissioner=commissioner, name="Futures", rule_system="rotzball")
    settings_save(league=league, values={"mode": "fixed"})
    season = league.seasons.get()
    ants, bees, cats, dogs = (
        TeamFactory(league=league, name=name) for name in ("Ants", "Bees", "Cats", "Dogs")
    )
    pairs = [(ants, bees), (cats, dogs), (ants, cats), (bees, dogs), (ants, dogs), (bees, cats)]
    kickoff = timezone.now() + timedelta(days=1)
    fixtures = [
        FixtureFactory(season=season, round=1 + n // 2, home=h, away=a, kickoff=kickoff)
        for n, (h, a) in enumerate(pairs)
    ]
    forecast_ensure(season=season)
    backers = []
    for name, team in (("punter", ants), ("rival", bees)):
        user = UserFactory(username=name)
        bets.wallet_open(user=user, league=league)
        futures.champion_bet_place(user=user, season_id=season.pk, outcome=str(team.pk), stake=100)
        backers.append(user)
    for fixture in fixtures:
        Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)
        Result.objects.create(
            fixture=fixture,
            home_score=3,
            away_score=0,
            winner="home",
            decided_by="regulation",
            seed=0,
            record={},
        )
    return commissioner, season, ants


def _settled(season) -> bool:
    return not Bet.objects.filter(season=season, status=Bet.Status.OPEN).exists()


def test_the_finish_settles_the_champion_market_once_on_a_worker(worker):
    commissioner, season, ants = _season_with_bets()

    finished = seasons.season_finish(season=season, by=commissioner)
    season_settle_task.delay(season.pk)  # a second delivery of the same work

    assert finished.champion_id == ants.pk
    wait_until(lambda: _settled(season))
    won = Bet.objects.get(season=season, team=ants)
    assert (won.status, won.payout) == ("won", int(100 * won.price))
    assert Bet.objects.get(season=season, status="lost").payout == 0
    assert Settlement.objects.filter(season=season).count() == 1
    report = ledger_audit()
    assert report["ok"], report["problems"]
    assert worker.errors() == []


def test_two_deliveries_waiting_on_the_seasons_lock_pay_once(worker):
    _commissioner, season, ants = _season_with_bets()
    Season.objects.filter(pk=season.pk).update(finished_at=timezone.now(), champion=ants)
    params = connection.get_connection_params()
    blocker = psycopg.connect(
        **{k: v for k, v in params.items() if k in ("dbname", "user", "host", "port", "password")}
    )
    blocker.execute("BEGIN")
    blocker.execute("SELECT id FROM league_season WHERE id = %s FOR UPDATE", [season.pk])
    season_settle_task.delay(season.pk)
    season_settle_task.delay(season.pk)
    try:
        wait_until(lambda: someone_waits_on_a_lock(blocker.info.backend_pid), timeout=30)
        assert _settled(season) is False  # held: nothing paid while the lock is taken
    finally:
        blocker.rollback()
        blocker.close()

    wait_until(lambda: _settled(season))
    wait_until(lambda: "season_settle_task" in worker.log_path.read_text(errors="replace"))
    assert Settlement.objects.filter(season=season).count() == 1
    assert ledger_audit()["ok"]
    assert worker.errors() == []
