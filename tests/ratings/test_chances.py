"""A fixture's chances from the two teams' ratings (``ratings.chances``), checked against the
formulas of docs/ratings.md worked by hand."""

import math

import pytest

from matches.models import Fixture
from ratings.chances import fixture_chances, fixture_outlook, fixtures_chances
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


@pytest.fixture
def many(kp_league, kp_season, kp_teams, rate, round_three):
    """Fixtures of two seasons and two leagues: round 3 (Titans' round-3 row unseen), a later
    round, a new entrant, the next season (each team's latest row of the first season), and a
    Tutatis league with a fit of its own beside the Killpower league's."""
    from tests.factories import LeagueFactory, SeasonFactory, TeamFactory

    titans, orcs = kp_teams
    rookies = TeamFactory(league=kp_league, name="Rookies")
    rate(orcs, kp_season, 5, 1580, rd=85)
    next_season = SeasonFactory(league=kp_league, name="Second")
    rate(titans, next_season, 1, 1500, rd=120)
    other = LeagueFactory(rule_system="tutatis")
    first, second = TeamFactory(league=other), TeamFactory(league=other)
    other_season = SeasonFactory(league=other)
    rate(first, other_season, 1, 1450, rd=70)
    DrawFit.objects.create(game="killpower", league=None, intercept=0.3, slope=-1.0, fixtures=9)
    DrawFit.objects.create(game="tutatis", league=other, intercept=-2.0, slope=0.1, fixtures=50)
    return [
        round_three,
        FixtureFactory(season=kp_season, round=7, home=orcs, away=titans),
        FixtureFactory(season=kp_season, round=4, home=rookies, away=orcs),
        FixtureFactory(season=next_season, round=1, home=orcs, away=titans),
        FixtureFactory(season=next_season, round=2, home=titans, away=rookies),
        FixtureFactory(season=other_season, round=2, home=second, away=first),
    ]


def test_many_fixtures_read_together_get_each_fixture_s_own_chances(many):
    fixtures = list(
        Fixture.objects.select_related("season__league").filter(pk__in=[f.pk for f in many])
    )

    together = fixtures_chances(fixtures)

    assert together == {f.pk: fixture_chances(f)["probabilities"] for f in fixtures}
    # by hand: the next season opens from each team's last row of the first (Orcs' round 5,
    # Titans' round 3); the Tutatis league prices its draws with its own fit
    _, _, _, opener, _, tutatis = many
    e = hand_expected(1580, 85, 1900, 45)
    d = hand_draw(0.3, -1.0, 320)
    assert together[opener.pk]["home"] == pytest.approx(e - d / 2, abs=1e-12)
    e = hand_expected(1500, 350, 1450, 70)
    assert together[tutatis.pk]["draw"] == pytest.approx(hand_draw(-2.0, 0.1, 50), abs=1e-12)
    assert together[tutatis.pk]["home"] == pytest.approx(e - hand_draw(-2.0, 0.1, 50) / 2)


def test_many_fixtures_cost_one_query(many, django_assert_num_queries):
    fixtures = list(
        Fixture.objects.select_related("season__league").filter(pk__in=[f.pk for f in many])
    )

    with django_assert_num_queries(1):
        fixtures_chances(fixtures)
    assert fixtures_chances([]) == {}
