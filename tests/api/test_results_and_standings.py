"""Results (list without the log, detail with it) and the standings endpoint."""

import pytest

from matches.models import Fixture, Result
from tests.api.conftest import assert_error
from tests.factories import FixtureFactory, TeamFactory


def play(fixture: Fixture, home: int, away: int) -> Result:
    """Record a result by hand, as the simulation would."""
    Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)
    winner = "home" if home > away else "away" if away > home else "draw"
    return Result.objects.create(
        fixture=fixture,
        home_score=home,
        away_score=away,
        winner=winner,
        decided_by="regulation",
        seed=7,
        record={
            "home_score": home,
            "away_score": away,
            "winner": winner,
            "decided_by": "regulation",
            "seed": 7,
            "possessions": {"home": 5, "away": 5},
            "turns": [{"number": 1, "events": []}],
            "rolls": [{"team": "home", "target": 40, "roll": 12}],
        },
    )


@pytest.fixture
def boars(league):
    return TeamFactory(league=league, name="Boars")


@pytest.fixture
def played(season, team, other_team, boars):
    """Wolves 2-1 Ravens, Ravens 3-0 Boars, Boars 1-1 Wolves."""
    return [
        play(FixtureFactory(season=season, round=1, home=team, away=other_team), 2, 1),
        play(FixtureFactory(season=season, round=2, home=other_team, away=boars), 3, 0),
        play(FixtureFactory(season=season, round=3, home=boars, away=team), 1, 1),
    ]


@pytest.mark.django_db
def test_standings_after_results(api_as, season, played):
    # when anyone reads the season's standings
    body = api_as(None).get(f"/api/v1/seasons/{season.pk}/standings/").json()

    # then the rows are ranked by points, then goal difference
    table = [
        (
            r["position"],
            r["team"]["name"],
            r["played"],
            r["wins"],
            r["draws"],
            r["losses"],
            r["goals_for"],
            r["goals_against"],
            r["goal_difference"],
            r["points"],
        )
        for r in body["rows"]
    ]
    assert table == [
        (1, "Wolves", 2, 1, 1, 0, 3, 2, 1, 4),
        (2, "Ravens", 2, 1, 0, 1, 4, 2, 2, 3),
        (3, "Boars", 2, 0, 1, 1, 1, 4, -3, 1),
    ]
    assert [m["key"] for m in body["tiebreakers"]] == [
        "points",
        "goal_difference",
        "goals_for",
        "head_to_head",
    ]
    assert body["tiebreakers"][0]["label"] == "Points"


@pytest.mark.django_db
def test_standings_follow_the_league_tiebreakers(api_as, commissioner, league, season, played):
    # given the commissioner ranks by wins, then goals for
    api_as(commissioner).patch(
        f"/api/v1/leagues/{league.pk}/", {"tiebreakers": ["wins", "goals_for"]}
    )

    body = api_as(None).get(f"/api/v1/seasons/{season.pk}/standings/").json()

    # then Ravens (1 win, 4 goals) lead Wolves (1 win, 3 goals)
    assert [r["team"]["name"] for r in body["rows"]] == ["Ravens", "Wolves", "Boars"]
    assert [m["key"] for m in body["tiebreakers"]] == ["wins", "goals_for"]


@pytest.mark.django_db
def test_standings_of_a_fresh_season_list_every_team(api_as, season, team, other_team):
    body = api_as(None).get(f"/api/v1/seasons/{season.pk}/standings/").json()

    assert [(r["team"]["name"], r["played"], r["points"]) for r in body["rows"]] == [
        ("Ravens", 0, 0),
        ("Wolves", 0, 0),
    ]


@pytest.mark.django_db
def test_standings_of_unknown_season_is_404(api_as):
    assert_error(api_as(None).get("/api/v1/seasons/999999/standings/"), 404)


@pytest.mark.django_db
def test_result_list_leaves_out_the_log(api_as, season, played, other_league):
    body = api_as(None).get("/api/v1/results/", {"season": season.pk}).json()

    assert body["count"] == 3
    assert all("record" not in row for row in body["results"])
    first = next(r for r in body["results"] if r["fixture"]["round"] == 1)
    assert (first["fixture"]["home"]["name"], first["home_score"], first["away_score"]) == (
        "Wolves",
        2,
        1,
    )
    assert api_as(None).get("/api/v1/results/", {"league": other_league.pk}).json()["count"] == 0


@pytest.mark.django_db
def test_result_detail_has_turns_and_rolls(api_as, played):
    body = api_as(None).get(f"/api/v1/results/{played[0].pk}/").json()

    assert body["record"]["turns"] == [{"number": 1, "events": []}]
    assert body["record"]["rolls"][0]["roll"] == 12
    assert body["winner"] == "home"


@pytest.mark.django_db
def test_simulated_result_detail_carries_the_engine_record(
    api_as, commissioner, season, team, other_team, django_capture_on_commit_callbacks
):
    # given a fixture simulated through the API
    fixture = FixtureFactory(season=season, home=team, away=other_team)
    with django_capture_on_commit_callbacks(execute=True):
        api_as(commissioner).post(f"/api/v1/fixtures/{fixture.pk}/simulate/")
    result = Result.objects.get(fixture=fixture)

    # when reading the result
    body = api_as(None).get(f"/api/v1/results/{result.pk}/").json()

    # then the full log is there, and the fixture list shows the score
    assert body["record"]["turns"] and body["record"]["rolls"]
    assert (body["home_score"], body["away_score"]) == (result.home_score, result.away_score)
    listed = api_as(None).get(f"/api/v1/fixtures/{fixture.pk}/").json()
    assert listed["result"]["home_score"] == result.home_score
    assert listed["status"] == "played"
