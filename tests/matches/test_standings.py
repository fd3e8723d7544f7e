import pytest

from matches.models import Fixture, Result
from matches.standings import standings_get
from tests.factories import FixtureFactory, TeamFactory


def _played(season, home, away, home_score, away_score, round_number):
    fixture = FixtureFactory(
        season=season, home=home, away=away, round=round_number, status=Fixture.Status.PLAYED
    )
    winner = "home" if home_score > away_score else "away" if away_score > home_score else "draw"
    Result.objects.create(
        fixture=fixture,
        home_score=home_score,
        away_score=away_score,
        winner=winner,
        decided_by="regulation",
        seed=1,
        record={},
    )


@pytest.fixture
def four(league):
    return [
        TeamFactory(league=league, name=name) for name in ("Alpha", "Bravo", "Charlie", "Delta")
    ]


@pytest.mark.django_db
def test_totals_and_points_follow_the_league_points_table(season, four):
    a, b, c, d = four
    season.league.points_win, season.league.points_draw, season.league.points_loss = 2, 1, 0
    season.league.save()
    _played(season, a, b, 3, 1, 1)
    _played(season, c, d, 2, 2, 1)

    table = {row.team.name: row for row in standings_get(season=season)}

    assert (table["Alpha"].played, table["Alpha"].wins, table["Alpha"].points) == (1, 1, 2)
    assert (
        table["Alpha"].goals_for,
        table["Alpha"].goals_against,
        table["Alpha"].goal_difference,
    ) == (3, 1, 2)
    assert (table["Bravo"].losses, table["Bravo"].points) == (1, 0)
    assert (table["Charlie"].draws, table["Charlie"].points) == (1, 1)
    assert (table["Delta"].draws, table["Delta"].points) == (1, 1)


@pytest.mark.django_db
def test_goal_difference_then_goals_for_break_ties_on_points(season, four):
    a, b, c, d = four
    _played(season, a, b, 5, 4, 1)  # Alpha +1, 5 scored
    _played(season, c, d, 2, 1, 1)  # Charlie +1, 2 scored

    order = [row.team.name for row in standings_get(season=season)]

    assert order[:2] == ["Alpha", "Charlie"]


@pytest.mark.django_db
def test_head_to_head_ranks_teams_level_on_the_keys_before_it(season, four):
    a, b, c, d = four
    _played(season, a, c, 1, 2, 1)  # Charlie beats Alpha in their meeting
    _played(season, a, d, 3, 0, 2)
    _played(season, c, b, 0, 2, 2)
    _played(season, c, d, 3, 1, 3)  # Charlie: 6 pts, GD +1
    _played(season, a, b, 2, 1, 3)  # Alpha: 6 pts, GD +3

    default_order = [row.team for row in standings_get(season=season) if row.team in (a, c)]
    season.league.tiebreakers = ["points", "head_to_head", "goal_difference"]
    season.league.save()
    table = standings_get(season=season)
    h2h_order = [row.team for row in table if row.team in (a, c)]

    assert default_order == [a, c]  # points level, Alpha's goal difference is better
    assert h2h_order == [c, a]  # Charlie took 3 points off Alpha, Alpha none off Charlie
    assert {row.team.name: row.head_to_head for row in table if row.team in (a, c)} == {
        "Alpha": 0,
        "Charlie": 3,
    }


@pytest.mark.django_db
def test_league_order_of_tiebreakers_is_respected(season, four):
    a, b, c, d = four
    _played(season, a, b, 1, 0, 1)  # Alpha: 3 pts, GD +1, GF 1
    _played(season, c, d, 4, 3, 1)  # Charlie: 3 pts, GD +1, GF 4
    season.league.tiebreakers = ["points", "goal_difference", "goals_for"]
    season.league.save()
    assert [r.team for r in standings_get(season=season)][:2] == [c, a]

    season.league.tiebreakers = [
        "points",
        "head_to_head",
    ]  # they never met: still level; then by name
    season.league.save()
    table = standings_get(season=season)
    assert [r.team for r in table][:2] == [a, c]
    assert table[0].tied_on == ["Charlie"]


@pytest.mark.django_db
def test_standings_of_other_seasons_do_not_count(season, four):
    from tests.factories import SeasonFactory

    a, b, *_ = four
    other = SeasonFactory(league=season.league)
    _played(other, a, b, 9, 0, 1)

    assert all(row.played == 0 for row in standings_get(season=season))


@pytest.mark.django_db
def test_standings_cost_a_fixed_number_of_queries(season, league, django_assert_max_num_queries):
    teams = [TeamFactory(league=league) for _ in range(12)]
    for index in range(0, 12, 2):
        _played(season, teams[index], teams[index + 1], index % 3, 1, 1)

    with django_assert_max_num_queries(3):
        standings_get(season=season)
