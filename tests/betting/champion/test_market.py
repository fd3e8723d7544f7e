"""The champion market of a season: priced from the stored forecast, closed for an eliminated
team and a finished season, every refusal of the fixture bets, settled exactly once when the
season finishes (refunded without a champion), and clean in ``ledger_audit``."""

from decimal import Decimal

import pytest

from betting import bets, futures
from betting.league_settings import settings_save
from betting.models import Bet, Market, SeasonOdds, Settlement
from betting.odds import fixed_price
from betting.sweeps import settlements_sweep
from forecasts.models import SeasonForecast
from forecasts.services import forecast_ensure
from ledger.audit import ledger_audit
from ledger.models import Account
from matches import seasons
from matches.models import Fixture
from tests.betting.champion.conftest import ants_win_every_game, refused, wallet
from tests.ratings.conftest import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixed(rz_league):
    settings_save(league=rz_league, values={"mode": "fixed", "margin_percent": 5})
    return rz_league


@pytest.fixture
def pool(rz_league):
    settings_save(league=rz_league, values={"mode": "pool", "house_cut_percent": 10})
    return rz_league


def back(user, season, team, stake, **extra):
    return futures.champion_bet_place(
        user=user, season_id=season.pk, outcome=str(team.pk), stake=stake, **extra
    )


def title_chance(season, team):
    stored = SeasonForecast.objects.get(season=season)
    return next(entry["title"] for entry in stored.teams if entry["team"] == team.pk)


def finish(season, commissioner, fixtures, run_on_commit):
    for fixture in Fixture.objects.filter(season=season, status=Fixture.Status.SCHEDULED):
        play(fixture, 3, 0)
    return run_on_commit(seasons.season_finish, season=season, by=commissioner)


def test_a_fixed_price_is_the_title_chance_with_the_margin_and_moves_with_each_forecast(
    fixed, rz_season, teams, fixtures, played, punter
):
    forecast_ensure(season=rz_season)
    ants = teams[0]
    quote = futures.champion_quote(rz_season, fixed.betting)
    first = quote.line(str(ants.pk)).price
    assert first == fixed_price(title_chance(rz_season, ants), 5)

    ants_win_every_game(fixtures, played, {1, 2})

    odds = SeasonOdds.objects.get(season=rz_season)
    assert odds.generation == SeasonForecast.objects.get(season=rz_season).generation
    again = futures.champion_quote(rz_season, fixed.betting).line(str(ants.pk)).price
    assert again == fixed_price(title_chance(rz_season, ants), 5)
    assert again < first  # two wins more: a shorter price


def test_a_fixed_bet_takes_the_price_and_moves_the_stake_to_the_seasons_account(
    fixed, rz_season, teams, fixtures, punter
):
    forecast_ensure(season=rz_season)
    purse = wallet(punter, fixed)
    price = futures.champion_quote(rz_season, fixed.betting).line(str(teams[1].pk)).price

    bet, created = back(punter, rz_season, teams[1], 50, price=price)

    assert created and bet.market == Market.CHAMPION and bet.fixture_id is None
    assert (bet.season_id, bet.team_id, bet.outcome) == (
        rz_season.pk,
        teams[1].pk,
        str(teams[1].pk),
    )
    assert bet.price == price
    purse.refresh_from_db()
    assert purse.balance == 1000 - 50
    assert Account.objects.get(kind="escrow", season=rz_season).balance == 50


def test_a_pool_bet_has_no_price_and_the_quote_shows_the_pot(
    pool, rz_season, teams, fixtures, punter, rival
):
    forecast_ensure(season=rz_season)
    wallet(punter, pool)
    wallet(rival, pool)
    bet, _ = back(punter, rz_season, teams[0], 100)
    back(rival, rz_season, teams[1], 300)

    assert bet.price is None
    line = futures.champion_quote(rz_season, pool.betting).line(str(teams[0].pk))
    assert line.pool == 100
    assert line.price == Decimal("3.60")  # (400 - 10 %) / 100


def test_each_refusal_of_a_champion_bet(fixed, rz_season, teams, fixtures, punter, commissioner):
    forecast_ensure(season=rz_season)
    refused("no_wallet", back, punter, rz_season, teams[0], 50)
    wallet(punter, fixed)
    refused("stake_out_of_range", back, punter, rz_season, teams[0], 5)
    refused("stake_out_of_range", back, punter, rz_season, teams[0], 501)
    refused(
        "invalid_outcome",
        futures.champion_bet_place,
        user=punter,
        season_id=rz_season.pk,
        outcome="999999",
        stake=50,
    )
    stale = refused("price_changed", back, punter, rz_season, teams[0], 50, price=Decimal("999"))
    assert stale.params["price"] == str(
        futures.champion_quote(rz_season, fixed.betting).line(str(teams[0].pk)).price
    )
    refused("not_allowed", back, commissioner, rz_season, teams[0], 50)
    refused("not_allowed", back, teams[0].coach, rz_season, teams[1], 50)
    assert Bet.objects.count() == 0


def test_an_eliminated_team_and_a_finished_season_are_closed(
    fixed, rz_season, teams, fixtures, played, punter, commissioner, run_on_commit
):
    wallet(punter, fixed)
    ants_win_every_game(fixtures, played, {1, 2, 3, 4, 5})
    odds = SeasonOdds.objects.get(season=rz_season)
    assert odds.eliminated, "five rounds of Ants' wins rule someone out"
    out = next(team for team in teams if team.pk in odds.eliminated)

    error = refused("betting_closed", back, punter, rz_season, out, 50)
    assert error.field == "outcome"
    assert futures.champion_quote(rz_season, fixed.betting).line(str(out.pk)).eliminated
    # Ants have clinched: backing them is closed too (at 1.01 it could not lose)
    assert refused("betting_closed", back, punter, rz_season, teams[0], 50).field == "season"

    finish(rz_season, commissioner, fixtures, run_on_commit)
    error = refused("betting_closed", back, punter, rz_season, teams[0], 50)
    assert error.field == "season"


def test_a_decided_title_closes_the_market_before_the_season_is_finished(
    fixed, rz_season, teams, fixtures, played, punter
):
    """Every fixture played, Ants first alone: a title chance of 1 would sell Ants at 1.01, a
    bet that cannot lose, so the market closes (the season is not finished yet)."""
    wallet(punter, fixed)
    ants_win_every_game(fixtures, played, set(range(1, 7)))
    assert not Fixture.objects.filter(season=rz_season, status=Fixture.Status.SCHEDULED).exists()
    assert title_chance(rz_season, teams[0]) == 1

    error = refused("betting_closed", back, punter, rz_season, teams[0], 50)

    assert error.field == "season"
    quote = futures.champion_quote(rz_season, fixed.betting)
    assert quote.closed and quote.decided
    assert rz_season.finished_at is None


def test_an_idempotency_key_replays_the_bet_and_refuses_another_body(
    fixed, rz_season, teams, fixtures, punter
):
    forecast_ensure(season=rz_season)
    purse = wallet(punter, fixed)
    first, created = back(punter, rz_season, teams[0], 50, idempotency_key="k1")
    again, created_again = back(punter, rz_season, teams[0], 50, idempotency_key="k1")

    assert created and not created_again and again.pk == first.pk
    refused("idempotency_conflict", back, punter, rz_season, teams[1], 50, idempotency_key="k1")
    purse.refresh_from_db()
    assert purse.balance == 950  # staked once


def test_a_champion_bet_cannot_be_cancelled(fixed, rz_season, teams, fixtures, punter):
    forecast_ensure(season=rz_season)
    wallet(punter, fixed)
    bet, _ = back(punter, rz_season, teams[0], 50)
    refused("not_allowed", bets.bet_cancel, user=punter, bet_id=bet.pk)


def test_the_finish_pays_the_champion_at_its_price_once_and_the_audit_is_clean(
    fixed, rz_season, teams, fixtures, played, punter, rival, commissioner, run_on_commit
):
    forecast_ensure(season=rz_season)
    purse, other = wallet(punter, fixed), wallet(rival, fixed)
    winner, _ = back(punter, rz_season, teams[0], 100)
    loser, _ = back(rival, rz_season, teams[1], 200)

    ants_win_every_game(fixtures, played, {1, 2, 3, 4, 5, 6})
    finished = finish(rz_season, commissioner, fixtures, run_on_commit)
    assert finished.champion_id == teams[0].pk

    winner.refresh_from_db()
    loser.refresh_from_db()
    assert (winner.status, winner.payout) == ("won", int(100 * winner.price))
    assert (loser.status, loser.payout) == ("lost", 0)
    purse.refresh_from_db()
    other.refresh_from_db()
    assert purse.balance == 900 + int(100 * winner.price)
    assert other.balance == 800
    assert Account.objects.get(kind="escrow", season=rz_season).balance == 0

    # a retried task and the sweep pay nothing more
    assert futures.season_settle(season_id=rz_season.pk) is None
    assert settlements_sweep()["season_settlements_resent"] == 0
    assert Settlement.objects.filter(season=rz_season).count() == 1
    purse.refresh_from_db()
    assert purse.balance == 900 + int(100 * winner.price)

    report = ledger_audit()
    assert report["ok"], report["problems"]
    assert report["champion_bets"] == 2


def test_a_pool_shares_the_pot_among_the_champions_backers(
    pool, rz_season, teams, fixtures, played, punter, rival, commissioner, run_on_commit
):
    forecast_ensure(season=rz_season)
    purse, other = wallet(punter, pool), wallet(rival, pool)
    back(punter, rz_season, teams[0], 100)
    back(rival, rz_season, teams[1], 300)

    ants_win_every_game(fixtures, played, {1, 2, 3, 4, 5, 6})
    finish(rz_season, commissioner, fixtures, run_on_commit)

    purse.refresh_from_db()
    other.refresh_from_db()
    assert purse.balance == 900 + 360  # the pot of 400 less the 10 % cut
    assert other.balance == 700
    assert ledger_audit()["ok"]


def test_a_season_finished_without_a_champion_refunds_every_stake(
    fixed, rz_season, teams, fixtures, punter, monkeypatch
):
    forecast_ensure(season=rz_season)
    purse = wallet(punter, fixed)
    bet, _ = back(punter, rz_season, teams[0], 100)
    from django.utils import timezone

    type(rz_season).objects.filter(pk=rz_season.pk).update(
        finished_at=timezone.now(), champion=None
    )

    settlement = futures.season_settle(season_id=rz_season.pk)

    assert settlement.outcome == "cancelled"
    bet.refresh_from_db()
    purse.refresh_from_db()
    assert (bet.status, bet.payout, purse.balance) == ("refunded", 100, 1000)
    assert futures.season_settle(season_id=rz_season.pk) is None
    assert ledger_audit()["ok"]


def test_the_audit_sees_a_champion_stake_the_seasons_account_does_not_hold(
    fixed, rz_season, teams, fixtures, punter
):
    forecast_ensure(season=rz_season)
    wallet(punter, fixed)
    bet, _ = back(punter, rz_season, teams[0], 100)
    Bet.objects.filter(pk=bet.pk).update(stake=120)

    report = ledger_audit()

    assert not report["ok"]
    assert any(f"season {rz_season.pk}: open champion stakes 120" in p for p in report["problems"])


def test_a_lost_settlement_message_is_sent_again_by_the_sweep(
    fixed, rz_season, teams, fixtures, punter, django_capture_on_commit_callbacks
):
    forecast_ensure(season=rz_season)
    wallet(punter, fixed)
    back(punter, rz_season, teams[0], 100)
    from django.utils import timezone

    type(rz_season).objects.filter(pk=rz_season.pk).update(
        finished_at=timezone.now(), champion=teams[0]
    )
    with django_capture_on_commit_callbacks(execute=True):
        assert settlements_sweep()["season_settlements_resent"] == 1
    assert Bet.objects.get().status == "won"
    assert settlements_sweep()["season_settlements_resent"] == 0
