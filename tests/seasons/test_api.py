"""The seasons API: finish, start the next, retire and bring back, champions and the
all-time table; 400 naming the field, 403 without the role, 409 on state."""

import pytest

from league.models import Team
from matches import seasons
from matches.standings import standings_get
from tests.api.conftest import assert_error


@pytest.fixture
def finished(played_season, commissioner):
    return seasons.season_finish(season=played_season, by=commissioner)


def test_finish_answers_the_season_with_its_champion(api_as, played_season, commissioner):
    answer = api_as(commissioner).post(f"/api/v1/seasons/{played_season.pk}/finish/")

    assert answer.status_code == 200, answer.content
    body = answer.json()
    top = standings_get(season=played_season)[0].team
    assert body["champion"] == {"id": top.pk, "name": top.name}
    assert body["finished_at"]
    again = api_as(commissioner).post(f"/api/v1/seasons/{played_season.pk}/finish/")
    assert assert_error(again, 409, "season")["code"] == "season_finished"


def test_finish_with_fixtures_left_is_a_conflict_naming_them(
    api_as, season, team, other_team, commissioner
):
    from matches.services import fixtures_generate

    fixtures_generate(season=season)
    answer = api_as(commissioner).post(f"/api/v1/seasons/{season.pk}/finish/")

    error = assert_error(answer, 409, "fixtures")
    assert "Wolves" in error["message"]


@pytest.mark.parametrize("user, status", [(None, 401), ("coach", 403), ("stranger", 403)])
def test_writes_need_the_commissioner(api_as, finished, league, team, user, status, request):
    client = api_as(request.getfixturevalue(user) if user else None)
    for url, body in (
        (f"/api/v1/seasons/{finished.pk}/finish/", {}),
        (f"/api/v1/leagues/{league.pk}/seasons/", {"name": "2627"}),
        (f"/api/v1/teams/{team.pk}/retire/", {}),
        (f"/api/v1/teams/{team.pk}/reinstate/", {}),
    ):
        assert client.post(url, body, format="json").status_code == status
    assert league.seasons.count() == 1
    team.refresh_from_db()
    assert team.retired_at is None


def test_start_next_season(api_as, finished, league, commissioner, third_team, coach):
    answer = api_as(commissioner).post(
        f"/api/v1/leagues/{league.pk}/seasons/",
        {"name": "2627", "retire": [third_team.pk], "add": [{"name": "Hawks", "coach": "coach"}]},
        format="json",
    )

    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert (body["name"], body["finished_at"], body["champion"]) == ("2627", None, None)
    team = api_as(None).get(f"/api/v1/teams/{third_team.pk}/").json()
    assert team["retired_at"]
    assert Team.objects.get(league=league, name="Hawks").coach == coach
    double = api_as(commissioner).post(
        f"/api/v1/leagues/{league.pk}/seasons/", {"name": "2627"}, format="json"
    )
    assert assert_error(double, 409, "name")["code"] == "season_exists"
    assert league.seasons.count() == 2


@pytest.mark.parametrize(
    "body, field",
    [
        ({}, "name"),
        ({"name": ""}, "name"),
        ({"name": "x" * 61}, "name"),
        ({"name": "2627", "retire": [987654]}, "retire"),
        ({"name": "2627", "retire": "all"}, "retire"),
        ({"name": "2627", "add": [{"name": ""}]}, "add.0.name"),
        ({"name": "2627", "add": [{"name": "Wolves"}]}, "add.0.name"),
        ({"name": "2627", "interval_days": 0}, "interval_days"),
    ],
)
def test_bad_input_names_the_field_and_writes_nothing(
    api_as, finished, league, commissioner, body, field
):
    answer = api_as(commissioner).post(f"/api/v1/leagues/{league.pk}/seasons/", body, format="json")
    assert_error(answer, 400, field)
    assert league.seasons.count() == 1


def test_start_before_finishing_is_a_conflict(
    api_as, season, league, commissioner, team, other_team
):
    answer = api_as(commissioner).post(
        f"/api/v1/leagues/{league.pk}/seasons/", {"name": "2627"}, format="json"
    )
    assert assert_error(answer, 409, "season")["code"] == "season_open"


def test_retire_and_reinstate(api_as, finished, commissioner, third_team):
    client = api_as(commissioner)
    retired = client.post(f"/api/v1/teams/{third_team.pk}/retire/")
    assert retired.status_code == 200 and retired.json()["retired_at"]
    assert_error(client.post(f"/api/v1/teams/{third_team.pk}/retire/"), 409, "team")
    active = client.get(f"/api/v1/teams/?retired=false&league={third_team.league_id}").json()
    assert third_team.pk not in [t["id"] for t in active["results"]]
    back = client.post(f"/api/v1/teams/{third_team.pk}/reinstate/")
    assert back.status_code == 200 and back.json()["retired_at"] is None
    assert_error(client.post(f"/api/v1/teams/{third_team.pk}/reinstate/"), 409, "team")


def test_champions_and_all_time(
    api_as, finished, league, commissioner, django_assert_max_num_queries
):
    client = api_as(None)
    with django_assert_max_num_queries(2):
        champions = client.get(f"/api/v1/leagues/{league.pk}/champions/").json()
    assert champions == [
        {
            "season": finished.pk,
            "season_name": finished.name,
            "finished_at": champions[0]["finished_at"],
            "champion": {"id": finished.champion.pk, "name": finished.champion.name},
        }
    ]
    with django_assert_max_num_queries(2):
        rows = client.get(f"/api/v1/leagues/{league.pk}/all-time/").json()
    table = standings_get(season=finished)
    assert {row["team"]["id"]: row["points"] for row in rows} == {
        row.team.pk: row.points for row in table
    }
    points = [row["points"] for row in rows]
    assert points == sorted(points, reverse=True)
    titles = {row["team"]["id"]: row["titles"] for row in rows}
    assert titles[finished.champion_id] == 1 and sum(titles.values()) == 1
    assert {row["seasons"] for row in rows} == {1}
    assert client.get("/api/v1/leagues/987654/all-time/").status_code == 404
