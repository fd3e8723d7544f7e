"""The draw model fitted on a league's results (``ratings.draw_fits``): the results that
count, their gaps from the ratings entering each round, and the game-wide fit below the
threshold."""

import pytest
from django.db.models import Q

from core import registry
from league.services import league_create
from matches.models import Fixture, Result
from ratings.draw_fits import MIN_LEAGUE_RESULTS, draw_data, draw_fit_refresh, draw_model_of
from ratings.models import DrawFit
from rules_engine.ratings import draws
from tests.factories import FixtureFactory, TeamFactory

pytestmark = pytest.mark.django_db


def played(season, home, away, results, *, first_round=1, decided_by="regulation"):
    """``results``: the winner of each round from ``first_round`` on, stored as the services
    store them once played."""
    fixtures = []
    for offset, winner in enumerate(results):
        fixture = FixtureFactory(
            season=season,
            round=first_round + offset,
            home=home,
            away=away,
            status=Fixture.Status.PLAYED,
        )
        Result.objects.create(
            fixture=fixture,
            home_score=1 if winner == "home" else 0,
            away_score=1 if winner == "away" else 0,
            winner=winner,
            decided_by=decided_by,
            seed=0,
            record={},
        )
        fixtures.append(fixture)
    return fixtures


def test_each_result_counts_with_the_gap_entering_its_round(kp_season, kp_teams, rate):
    titans, orcs = kp_teams
    rate(titans, kp_season, 1, 1700)
    rate(orcs, kp_season, 1, 1450)
    rate(titans, kp_season, 2, 1640)
    played(kp_season, titans, orcs, ["draw", "home", "away"])  # rounds 1, 2 and 3

    data = sorted(draw_data(leagues=Q(pk=kp_season.league_id)))

    # round 1: both new (gap 0, a draw); round 2: 1700 - 1450; round 3: 1640 - 1450
    assert data == [(0.0, True), (190.0, False), (250.0, False)]


def test_forfeits_and_matches_that_cannot_end_level_do_not_count(kp_cup_final, kp_season, kp_teams):
    titans, orcs = kp_teams
    played(kp_season, titans, orcs, ["home"], first_round=2, decided_by=registry.FORFEIT)
    played(kp_season, titans, orcs, ["draw"], first_round=3)
    Fixture.objects.filter(pk=kp_cup_final.pk).update(status=Fixture.Status.PLAYED)
    Result.objects.create(
        fixture=kp_cup_final,
        home_score=2,
        away_score=1,
        winner="home",
        decided_by="free_throws",
        seed=0,
        record={},
    )

    fit = draw_fit_refresh(league=kp_season.league)

    assert fit.fixtures == 1  # the championship draw alone


def test_below_the_threshold_a_league_takes_its_game_s_fit(commissioner, kp_season, kp_teams):
    """A league with 29 results of its own drops its fit and uses the fit over every
    Killpower league: its own results and a bigger league's, not a Tutatis league's."""
    small = kp_season.league
    titans, orcs = kp_teams
    DrawFit.objects.create(game="killpower", league=small, intercept=9, slope=9, fixtures=99)
    played(kp_season, titans, orcs, ["draw"] * 10 + ["home"] * 19)
    big = league_create(commissioner=commissioner, name="Big", rule_system="killpower")
    big_season = big.seasons.get()
    played(big_season, TeamFactory(league=big), TeamFactory(league=big), ["home"] * 40)
    tutatis = league_create(commissioner=commissioner, name="Tt", rule_system="tutatis")
    played(
        tutatis.seasons.get(),
        TeamFactory(league=tutatis),
        TeamFactory(league=tutatis),
        ["draw"] * 5,
    )
    assert MIN_LEAGUE_RESULTS == 30

    fit = draw_fit_refresh(league=small)

    assert fit.league is None and fit.game == "killpower"
    assert fit.fixtures == 29 + 40
    expected = draws.fit([(0.0, True)] * 10 + [(0.0, False)] * 59)
    assert (fit.intercept, fit.slope) == pytest.approx((expected.intercept, expected.slope))
    assert not DrawFit.objects.filter(league=small).exists()
    assert draw_model_of(small) == draws.DrawModel(fit.intercept, fit.slope)


def test_from_the_threshold_a_league_has_its_own_fit(kp_season, kp_teams, rate):
    titans, orcs = kp_teams
    rate(titans, kp_season, 10, 1800)
    played(kp_season, titans, orcs, ["draw"] * 12 + ["away"] * 18)  # rounds 1 to 30
    gaps = [0.0] * 10 + [300.0] * 20  # Titans 1800 from round 11 on, Orcs never rated
    outcomes = [True] * 10 + [True, True] + [False] * 18

    fit = draw_fit_refresh(league=kp_season.league)

    assert fit.league == kp_season.league and fit.fixtures == MIN_LEAGUE_RESULTS
    expected = draws.fit(zip(gaps, outcomes, strict=True))
    assert (fit.intercept, fit.slope) == pytest.approx((expected.intercept, expected.slope))
    assert expected.slope < 0  # draws grow rarer with the gap, as the data say
    assert draw_model_of(kp_season.league) == draws.DrawModel(fit.intercept, fit.slope)


def test_with_no_result_anywhere_the_fit_is_the_prior(kp_league):
    fit = draw_fit_refresh(league=kp_league)

    assert fit.fixtures == 0
    assert draws.DrawModel(fit.intercept, fit.slope) == draws.PRIOR
    assert draw_model_of(kp_league) == draws.PRIOR


def test_a_league_never_fitted_has_the_prior(kp_league):
    assert draw_model_of(kp_league) == draws.PRIOR


def test_refreshing_twice_keeps_one_row(kp_league):
    draw_fit_refresh(league=kp_league)
    draw_fit_refresh(league=kp_league)

    assert DrawFit.objects.filter(game="killpower").count() == 1


def test_the_data_cost_two_queries_whatever_the_results(
    kp_season, kp_teams, rate, django_assert_num_queries
):
    titans, orcs = kp_teams
    rate(titans, kp_season, 1, 1700)
    played(kp_season, titans, orcs, ["draw", "home", "away", "home", "draw"])

    with django_assert_num_queries(2):  # the results, the ratings
        data = draw_data(leagues=Q(pk=kp_season.league_id))

    assert len(data) == 5
