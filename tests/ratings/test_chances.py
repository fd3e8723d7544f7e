"""A fixture's chances from the two teams' ratings (``ratings.chances``), checked against the
formulas of docs/ratings.md worked by hand."""

import math

import pytest

from matches.models import Fixture
from ratings.chances import fixture_chances, fixture_outlook
from ratings.models import DrawFit
from tests.factories import FixtureFactory

pytestmark = pytest.mark.django_db


def hand_expected(home: float, home_rd: float, away: float, away_rd: float) -> float:
    """E = 1 / (1 + 10^(-g(sqrt(RDa^2 + RDb^2)) (ra - rb) / 400)), q = ln 10 / 400."""
    q = math.log(10) / 400
    rd = math.sqrt(home_rd**2 + away_rd**2)
    g = 1 / math.sqrt(1 + 3 * q * q * rd * rd / math.pi**2)
    return 1 / (1 + 10 ** (-g * (home - away) / 400))


def hand_draw(a: float, b: float, gap: float) -> float:
    return 1 / (1 + math.exp(-(a + b * abs(gap) / 100)))


@pytest.fixture
def round_three(kp_season, kp_teams, rate):
    """Titans at home to Orcs in round 3: Titans 1700 then 1750 ± 50 after rounds 1 and 2
    (and 1900 after round 3, which the fixture must not see); Orcs 1600 ± 90 after round 2."""
    titans, orcs = kp_teams
    rate(titans, kp_season, 1, 1700, rd=60)
    rate(titans, kp_season, 2, 1750, rd=50)
    rate(titans, kp_season, 3, 1900, rd=45)
    rate(orcs, kp_season, 2, 1600, rd=90)
    return FixtureFactory(season=kp_season, round=3, home=titans, away=orcs)


def test_the_chances_follow_the_ratings_entering_the_round_and_the_league_s_draw_fit(
    kp_league, round_three
):
    DrawFit.objects.create(
        game="killpower", league=kp_league, intercept=-1.2, slope=-0.4, fixtures=40
    )

    chances = fixture_chances(round_three)

    e = hand_expected(1750, 50, 1600, 90)
    d = hand_draw(-1.2, -0.4, 150)
    assert chances["method"] == "ratings"
    assert chances["probabilities"] == {
        "home": pytest.approx(e - d / 2, abs=1e-12),
        "away": pytest.approx(1 - e - d / 2, abs=1e-12),
        "draw": pytest.approx(d, abs=1e-12),
    }
    assert sum(chances["probabilities"].values()) == pytest.approx(1, abs=1e-12)
    assert 0.6 < e < 0.75  # a 150-point favourite, for a reader checking the numbers
    assert 0.1 < d < 0.15


def test_a_league_without_a_fit_of_its_own_takes_its_game_s(kp_league, round_three):
    DrawFit.objects.create(game="killpower", league=None, intercept=0.3, slope=-1.0, fixtures=9)
    DrawFit.objects.create(game="tutatis", league=None, intercept=2.0, slope=0.0, fixtures=50)

    chances = fixture_chances(round_three)["probabilities"]

    assert chances["draw"] == pytest.approx(hand_draw(0.3, -1.0, 150), abs=1e-12)


def test_without_any_fit_the_draw_chance_is_the_engine_s_prior_of_twenty_percent(round_three):
    assert fixture_chances(round_three)["probabilities"]["draw"] == pytest.approx(0.2)


def test_new_teams_start_even(kp_season, kp_league):
    fixture = FixtureFactory(season=kp_season, round=1)

    outlook = fixture_outlook(fixture)

    assert (outlook.home.rating, outlook.home.rd, outlook.away.rating) == (1500, 350, 1500)
    assert outlook.expected == pytest.approx(0.5)
    assert outlook.probabilities["home"] == pytest.approx(outlook.probabilities["away"])


def test_a_fixture_of_a_later_round_takes_the_latest_ratings(kp_season, kp_teams, round_three):
    titans, orcs = kp_teams
    later = FixtureFactory(season=kp_season, round=7, home=orcs, away=titans)

    outlook = fixture_outlook(later)

    assert (outlook.home.rating, outlook.away.rating) == (1600, 1900)
    assert outlook.expected == pytest.approx(hand_expected(1600, 90, 1900, 45), abs=1e-12)


def test_a_tournament_match_that_cannot_end_level_has_no_draw(kp_cup_final, rate, kp_season):
    rate(kp_cup_final.home, kp_season, 0, 1620, rd=70)

    chances = fixture_chances(kp_cup_final)["probabilities"]

    assert set(chances) == {"home", "away"}
    e = hand_expected(1620, 70, 1500, 350)
    assert chances["home"] == pytest.approx(e, abs=1e-12)
    assert chances["away"] == pytest.approx(1 - e, abs=1e-12)


def test_the_chances_cost_one_query(round_three, django_assert_num_queries):
    fixture = Fixture.objects.select_related("season__league").get(pk=round_three.pk)

    with django_assert_num_queries(1):  # the two teams' ratings and the draw fits together
        fixture_chances(fixture)
