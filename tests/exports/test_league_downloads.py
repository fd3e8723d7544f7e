"""The league page's downloads: standings and fixtures as CSV and JSON hold the rows the page
and the API show, with numbers as numbers and ISO dates; a budget of queries whatever the
season's length."""

from datetime import datetime

import pytest
from bs4 import BeautifulSoup

from matches.models import Fixture
from matches.standings import standings_get
from tests.exports.helpers import csv_records, json_records

pytestmark = pytest.mark.django_db


def test_standings_csv_and_json_hold_the_table_the_page_shows(client, league, full_season):
    page = BeautifulSoup(
        client.get(f"/leagues/{league.pk}/?season={full_season.pk}").content, "html.parser"
    )
    shown = [
        (
            row.select_one("th").get_text(" ", strip=True).split(" ")[0],
            [td.get_text(strip=True) for td in row.select("td")],
        )
        for row in page.select("#standings tbody tr")
    ]
    csv_rows = csv_records(
        client.get(f"/leagues/{league.pk}/standings.csv?season={full_season.pk}")
    )
    json_rows = json_records(
        client.get(f"/leagues/{league.pk}/standings.json?season={full_season.pk}")
    )
    assert len(csv_rows) == len(json_rows) == len(shown) == 8
    for (name_start, cells), row, record in zip(shown, csv_rows, json_rows, strict=True):
        assert record["team"].startswith(name_start) and row["team"] == record["team"]
        assert cells[0] == row["position"] == str(record["position"])
        assert cells[1] == row["played"] == str(record["played"])
        assert cells[2] == row["won"] == str(record["won"])
        assert cells[5] == f"{record['goals_for']}–{record['goals_against']}"
        assert isinstance(record["points"], int) and isinstance(record["goal_difference"], int)
    table = standings_get(season=full_season)
    assert [r["points"] for r in json_rows] == [row.points for row in table]
    assert sum(r["played"] for r in json_rows) == 2 * 12


def test_the_french_accents_survive_in_csv_and_json(client, league, full_season):
    names = {row["team"] for row in csv_records(client.get(f"/leagues/{league.pk}/standings.csv"))}
    assert "Élan d'Été" in names
    assert "Élan d'Été" in {
        r["team"] for r in json_records(client.get(f"/leagues/{league.pk}/standings.json"))
    }


def test_fixtures_download_matches_the_api_list(client, api_client, league, full_season):
    api = api_client.get("/api/v1/fixtures/", {"season": full_season.pk, "page_size": 200}).json()
    by_id = {item["id"]: item for item in api["results"]}
    records = json_records(client.get(f"/leagues/{league.pk}/fixtures.json"))
    rows = csv_records(client.get(f"/leagues/{league.pk}/fixtures.csv"))
    assert len(records) == len(rows) == len(by_id) == 56
    for record, row in zip(records, rows, strict=True):
        item = by_id[record["id"]]
        assert record["round"] == item["round"] and row["round"] == str(item["round"])
        assert datetime.fromisoformat(record["kickoff"]) == datetime.fromisoformat(
            item["kickoff"].replace("Z", "+00:00")
        )
        assert row["kickoff"] == record["kickoff"]
        assert record["status"] == item["status"]
        assert (record["home_id"], record["away_id"]) == (item["home"]["id"], item["away"]["id"])
        assert (record["home"], record["away"]) == (item["home"]["name"], item["away"]["name"])
    played = [r for r in records if r["status"] == "played"]
    assert len(played) == 12
    assert all(isinstance(r["home_score"], int) for r in played)
    assert next(r for r in records if r["status"] == "cancelled")["home_score"] is None
    first = Fixture.objects.get(pk=played[0]["id"])
    assert (played[0]["home_score"], played[0]["away_score"]) == (
        first.result.home_score,
        first.result.away_score,
    )
    empty = next(r for r in rows if r["status"] == "scheduled")
    assert empty["home_score"] == "" and empty["winner"] == ""


def test_a_download_is_an_attachment_named_after_what_it_holds(client, league, full_season):
    response = client.get(f"/leagues/{league.pk}/fixtures.csv")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert (
        response["Content-Disposition"] == 'attachment; filename="middenheim-cup-2026-fixtures.csv"'
    )
    response = client.get(f"/leagues/{league.pk}/standings.json")
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].endswith('standings.json"')


@pytest.mark.parametrize("path", ["standings.xml", "fixtures.pdf", "standings.csv?season=99999"])
def test_an_unknown_format_or_season_is_not_found(client, league, full_season, path):
    assert client.get(f"/leagues/{league.pk}/{path}").status_code == 404


def test_the_season_asked_for_is_the_one_exported(client, league, full_season):
    from tests.factories import SeasonFactory

    other = SeasonFactory(league=league, name="2027")
    assert json_records(client.get(f"/leagues/{league.pk}/fixtures.json?season={other.pk}")) == []
    assert (
        len(json_records(client.get(f"/leagues/{league.pk}/fixtures.json?season={full_season.pk}")))
        == 56
    )


def test_the_league_page_links_its_downloads(client, league, full_season, settings):
    settings.SITE_URL = "https://league.example.org"
    page = BeautifulSoup(client.get(f"/leagues/{league.pk}/").content, "html.parser")
    links = {a["href"] for a in page.select("nav.downloads a")}
    assert f"/leagues/{league.pk}/standings.csv?season={full_season.pk}" in links
    assert f"/leagues/{league.pk}/fixtures.json?season={full_season.pk}" in links
    assert f"webcal://league.example.org/leagues/{league.pk}/calendar.ics" in links
    assert f"/leagues/{league.pk}/seasons/{full_season.pk}/book/" in links


@pytest.mark.parametrize("kind", ["standings", "fixtures"])
@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_downloads_cost_a_few_queries_for_a_long_season(
    client, league, full_season, django_assert_max_num_queries, kind, fmt
):
    with django_assert_max_num_queries(8):
        response = client.get(f"/leagues/{league.pk}/{kind}.{fmt}")
        rows = csv_records(response) if fmt == "csv" else json_records(response)
    assert len(rows) == (8 if kind == "standings" else 56)


def test_head_to_head_points_only_where_the_league_ranks_by_them(client, league, full_season):
    league.tiebreakers = ["points", "goal_difference"]
    league.save(update_fields=["tiebreakers"])
    assert "head_to_head" not in json_records(client.get(f"/leagues/{league.pk}/standings.json"))[0]
    league.tiebreakers = ["points", "head_to_head", "goal_difference"]
    league.save(update_fields=["tiebreakers"])
    row = csv_records(client.get(f"/leagues/{league.pk}/standings.csv"))[0]
    assert row["head_to_head"].isdigit()
