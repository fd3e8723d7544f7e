"""The forecast read by anyone: ``GET /api/v1/seasons/{id}/forecast/`` as the issue words it,
its OpenAPI description, and the season's page in English and French, linked from the league
page."""

import math

import pytest
from django.urls import reverse

from matches.standings import standings_get
from tests.factories import SeasonFactory
from tests.pages.conftest import soup

pytestmark = pytest.mark.django_db


def test_the_chances_add_up_within_their_standard_errors(kp_season, fixtures, played, api_client):
    for fixture in fixtures[:4]:
        played(fixture, 2, 1)

    response = api_client.get(f"/api/v1/seasons/{kp_season.pk}/forecast/")

    assert response.status_code == 200
    body = response.json()
    assert set(body) >= {"simulations", "computed_at", "places", "teams"}
    assert body["simulations"] == 2000 and body["places"] == {"top": 4, "bottom": 1}
    teams = body["teams"]
    assert len(teams) == 4
    for team in teams:
        assert set(team) >= {"team", "title", "top", "bottom", "title_se"}
        assert isinstance(team["clinched_title"], bool)
        assert isinstance(team["eliminated_title"], bool)
        for key in ("title", "top", "bottom"):
            assert 0 <= team[key] <= 1
    spread = math.sqrt(sum(team["title_se"] ** 2 for team in teams))
    assert abs(sum(team["title"] for team in teams) - 1) <= max(3 * spread, 1e-9)
    assert sum(team["top"] for team in teams) == pytest.approx(4)
    assert sum(team["bottom"] for team in teams) == pytest.approx(1)


def test_a_finished_season_answers_its_final_order(
    kp_season, fixtures, played, api_client, kp_league, run_on_commit
):
    kp_league.forecast_top_places = 2
    run_on_commit(kp_league.save)
    for number, fixture in enumerate(fixtures):
        played(fixture, number % 3, 1)

    body = api_client.get(f"/api/v1/seasons/{kp_season.pk}/forecast/").json()

    table = [row.team.pk for row in standings_get(season=kp_season)]
    by_team = {team["team"]: team for team in body["teams"]}
    assert body["fixtures_left"] == 0 and body["simulations"] == 1
    assert [by_team[pk]["title"] for pk in table] == [1, 0, 0, 0]
    assert [by_team[pk]["top"] for pk in table] == [1, 1, 0, 0]
    assert [by_team[pk]["bottom"] for pk in table] == [0, 0, 0, 1]
    assert by_team[table[0]]["clinched_title"]
    assert all(by_team[pk]["eliminated_title"] for pk in table[1:])


def test_a_season_never_forecast_is_forecast_on_first_read(kp_season, fixtures, api_client):
    body = api_client.get(f"/api/v1/seasons/{kp_season.pk}/forecast/").json()
    assert body["fixtures_left"] == len(fixtures)
    assert sum(team["title"] for team in body["teams"]) == pytest.approx(1)
    assert api_client.get("/api/v1/seasons/999999/forecast/").status_code == 404


def test_a_season_without_teams_has_an_empty_forecast_not_an_error(api_client, client):
    season = SeasonFactory()

    body = api_client.get(f"/api/v1/seasons/{season.pk}/forecast/").json()
    page = client.get(
        reverse("league:forecast", args=[season.league_id, season.pk]),
        HTTP_ACCEPT_LANGUAGE="en",
    )

    assert (body["teams"], body["simulations"], body["fixtures_left"]) == ([], 0, 0)
    assert page.status_code == 200


def test_the_schema_types_the_forecast(api_client):
    schema = api_client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operation = schema["paths"]["/api/v1/seasons/{id}/forecast/"]["get"]
    assert operation["summary"]
    team = schema["components"]["schemas"]["TeamForecast"]["properties"]
    assert team["title"]["type"] == "number" and team["clinched_title"]["type"] == "boolean"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("Forecast", "Title", "simulated completions")),
        ("fr", ("Prévision", "Titre", "complétions simulées")),
    ],
)
def test_the_page_shows_the_chances_marks_and_chart_in_both_languages(
    kp_league, kp_season, fixtures, played, client, language, words
):
    for fixture in [f for f in fixtures if f.round <= 2]:
        played(fixture, 3, 0)

    page = soup(
        client.get(
            reverse("league:forecast", args=[kp_league.pk, kp_season.pk]),
            HTTP_ACCEPT_LANGUAGE=language,
        )
    )

    text = page.get_text()
    for word in words:
        assert word in text
    rows = page.select("table.forecast-table tbody tr")
    assert len(rows) == 4
    assert page.select_one("#forecast-chart svg[role=img]") is not None
    league_page = soup(client.get(kp_league.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language))
    links = [a["href"] for a in league_page.find_all("a", href=True)]
    assert reverse("league:forecast", args=[kp_league.pk, kp_season.pk]) in links
