"""Fixed odds for a game played at the table, priced from the teams' ratings
(``betting.plugins.Odds``' default, ``ratings.chances``): a Killpower league chooses fixed
odds, its punters bet and are paid as in Rotzball; Rotzball keeps its engine's odds; the
league's ratings changing prices its fixtures again, and bets placed keep their price."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.test import TestCase
from django.utils import timezone

from betting import bets, odds
from betting.errors import BettingRefused
from betting.league_settings import settings_of, settings_save
from betting.models import Bet, FixtureOdds
from ledger.models import Account
from ratings.chances import fixture_chances
from ratings.models import DrawFit, TeamRating
from ratings.signals import team_ratings_changed
from tests.factories import FixtureFactory
from tests.systems.killpower.helpers import play

pytestmark = pytest.mark.django_db


def rate(team, season, round, rating, rd=60.0):
    return TeamRating.objects.create(
        team=team, season=season, round=round, rating=rating, rd=rd, volatility=0.06, tau=0.5
    )


@pytest.fixture
def kp_fixed(kp_league):
    settings_save(league=kp_league, values={"mode": "fixed", "margin_percent": 8})
    return kp_league


@pytest.fixture
def rated_fixture(kp_fixed, kp_season, titanos, viking):
    """Titanos (1720 ± 60 after round 1) at home to Viking (1540 ± 60) in round 2."""
    rate(titanos, kp_season, 1, 1720)
    rate(viking, kp_season, 1, 1540)
    return FixtureFactory(
        season=kp_season,
        round=2,
        home=titanos,
        away=viking,
        kickoff=timezone.now() + timedelta(days=2),
    )


def test_a_killpower_league_may_choose_fixed_odds(kp_league):
    saved = settings_save(league=kp_league, values={"mode": "fixed"})

    assert saved.mode == "fixed"


def test_its_prices_come_from_the_ratings_with_the_league_s_margin(kp_fixed, rated_fixture):
    quote = odds.quote(rated_fixture, settings_of(kp_fixed))

    chances = fixture_chances(rated_fixture)["probabilities"]
    assert (quote.market, quote.method) == ("fixed", "ratings")
    assert set(quote.outcomes) == {"home", "away", "draw"}
    for outcome, chance in chances.items():
        assert quote.outcomes[outcome]["probability"] == chance
        assert quote.price(outcome) == odds.fixed_price(chance, 8)
    assert quote.price("home") < quote.price("away")  # Titanos rated 180 points higher
    implied = sum(1 / quote.price(outcome) for outcome in chances)
    assert Decimal("1.08") <= implied < Decimal("1.09")
    assert FixtureOdds.objects.get(fixture=rated_fixture).method == "ratings"


def test_a_punter_bets_at_a_rated_price_and_is_paid_once_the_result_is_confirmed(
    kp_fixed, rated_fixture, punter, place, coach, other_coach
):
    wallet = bets.wallet_open(user=punter, league=kp_fixed)[0]
    before = Account.objects.get(pk=wallet.pk).balance
    price = odds.quote(rated_fixture, settings_of(kp_fixed)).price("home")

    bet = place(punter, rated_fixture, "home", 20)
    assert bet.price == price

    play(rated_fixture, 3, 1, by=coach, confirm_by=other_coach)

    bet.refresh_from_db()
    assert bet.status == Bet.Status.WON
    assert bet.payout == int(20 * price)
    assert Account.objects.get(pk=wallet.pk).balance == before - 20 + bet.payout


def test_a_tournament_match_has_no_draw_market(kp_league, kp_cup_final, punter, place):
    settings_save(league=kp_league, values={"mode": "fixed"})
    bets.wallet_open(user=punter, league=kp_league)

    quote = odds.quote(kp_cup_final, settings_of(kp_league))

    assert set(quote.outcomes) == {"home", "away"}
    assert sum(outcome["probability"] for outcome in quote.outcomes.values()) == pytest.approx(1)
    with pytest.raises(BettingRefused) as refused:
        place(punter, kp_cup_final, "draw", 10)
    assert refused.value.code == "invalid_outcome"


def test_rotzball_keeps_its_engine_s_odds(fixed_league, open_fixture):
    stored = odds.odds_refresh(fixture=open_fixture)

    assert stored.method.startswith("rotzball engine")
    assert set(stored.probabilities) == {"home", "away"}


def test_new_ratings_price_the_fixtures_again_and_bets_keep_their_price(
    kp_fixed, kp_season, rated_fixture, titanos, punter, place
):
    bets.wallet_open(user=punter, league=kp_fixed)
    bet = place(punter, rated_fixture, "away", 30)
    first = odds.quote(rated_fixture, settings_of(kp_fixed)).price("away")
    assert bet.price == first
    TeamRating.objects.filter(team=titanos).update(rating=1400)  # Titanos now the underdog

    with TestCase.captureOnCommitCallbacks(execute=True):
        team_ratings_changed.send(sender=None, league_id=kp_fixed.pk)

    rated_fixture.refresh_from_db()
    now = odds.quote(rated_fixture, settings_of(kp_fixed)).price("away")
    assert now < first
    assert DrawFit.objects.filter(game="killpower").exists()
    bet.refresh_from_db()
    assert bet.price == first


def test_a_league_betting_with_a_pool_has_its_draw_fit_refreshed_but_nothing_priced(
    kp_league, kp_season, titanos, viking
):
    settings_save(league=kp_league, values={"mode": "pool"})
    FixtureFactory(season=kp_season, round=2, home=titanos, away=viking)

    with TestCase.captureOnCommitCallbacks(execute=True):
        team_ratings_changed.send(sender=None, league_id=kp_league.pk)

    assert DrawFit.objects.filter(game="killpower").exists()
    assert not FixtureOdds.objects.exists()


def test_rotzball_s_ratings_changing_prices_nothing(fixed_league, open_fixture):
    with TestCase.captureOnCommitCallbacks(execute=True):
        team_ratings_changed.send(sender=None, league_id=fixed_league.pk)

    assert not FixtureOdds.objects.filter(fixture=open_fixture).exists()
    assert not DrawFit.objects.exists()


def test_the_task_run_twice_leaves_one_fit_and_one_price_per_fixture(
    kp_fixed, rated_fixture, django_capture_on_commit_callbacks
):
    from betting.tasks import ratings_changed_task

    with django_capture_on_commit_callbacks(execute=True):
        first = ratings_changed_task.apply(args=[kp_fixed.pk]).get()
    with django_capture_on_commit_callbacks(execute=True):
        second = ratings_changed_task.apply(args=[kp_fixed.pk]).get()

    assert first == second == {"league": kp_fixed.pk, "fixtures_priced": 1}
    assert DrawFit.objects.filter(game="killpower").count() == 1
    assert FixtureOdds.objects.filter(fixture=rated_fixture).count() == 1


def test_nothing_is_sent_before_the_new_ratings_commit(kp_fixed, rated_fixture):
    with TestCase.captureOnCommitCallbacks(execute=False) as callbacks:
        team_ratings_changed.send(sender=None, league_id=kp_fixed.pk)

    assert len(callbacks) == 1
    assert not DrawFit.objects.exists() and not FixtureOdds.objects.exists()
