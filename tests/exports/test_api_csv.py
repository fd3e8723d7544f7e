"""``?format=csv`` on the API lists: the page's items as CSV lines, the same items and values as
the JSON page; the detail and command endpoints stay JSON; the schema documents it."""

import csv
import io

import pytest

from tests.exports.conftest import play

pytestmark = pytest.mark.django_db


def csv_lines(response) -> list[dict[str, str]]:
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    return list(csv.DictReader(io.StringIO(response.content.decode("utf-8"))))


@pytest.mark.parametrize("path", ["fixtures", "results", "teams"])
def test_a_csv_page_holds_the_json_pages_items(api_client, full_season, path):
    query = {"page_size": 20, "page": 2} if path == "fixtures" else {}
    json_page = api_client.get(f"/api/v1/{path}/", query).json()["results"]
    lines = csv_lines(api_client.get(f"/api/v1/{path}/", {**query, "format": "csv"}))
    assert len(lines) == len(json_page) > 0
    assert [line["id"] for line in lines] == [str(item["id"]) for item in json_page]
    for line, item in zip(lines, json_page, strict=True):
        for key, value in item.items():
            if isinstance(value, dict):
                for inner, inner_value in value.items():
                    if not isinstance(inner_value, dict | list):
                        assert line[f"{key}.{inner}"] == str(inner_value)
            elif isinstance(value, bool) or value is None or isinstance(value, list):
                continue
            else:
                assert line[key] == str(value), key


def test_fixtures_csv_keeps_the_filters(api_client, full_season):
    lines = csv_lines(
        api_client.get("/api/v1/fixtures/", {"season": full_season.pk, "round": 3, "format": "csv"})
    )
    assert {line["round"] for line in lines} == {"3"} and len(lines) == 4


def test_accept_text_csv_works_too(api_client, full_season):
    lines = csv_lines(api_client.get("/api/v1/results/", HTTP_ACCEPT="text/csv"))
    assert len(lines) == 12


def test_standings_csv_has_one_line_per_team(api_client, full_season):
    json_rows = api_client.get(f"/api/v1/seasons/{full_season.pk}/standings/").json()["rows"]
    lines = csv_lines(
        api_client.get(f"/api/v1/seasons/{full_season.pk}/standings/", {"format": "csv"})
    )
    assert len(lines) == len(json_rows) == 8
    assert [line["points"] for line in lines] == [str(row["points"]) for row in json_rows]


def test_my_bets_csv(api_as, punter, open_fixture, wallet, place):
    bet = place(punter, open_fixture, "home", 10)
    lines = csv_lines(api_as(punter).get("/api/v1/bets/", {"format": "csv"}))
    assert [(line["id"], line["stake"]) for line in lines] == [(str(bet.pk), "10")]


def test_a_detail_stays_json_only(api_client, full_season):
    fixture_id = api_client.get("/api/v1/fixtures/").json()["results"][0]["id"]
    assert api_client.get(f"/api/v1/fixtures/{fixture_id}/", {"format": "csv"}).status_code == 404
    assert api_client.get(f"/api/v1/fixtures/{fixture_id}/").status_code == 200


def test_an_error_is_answered_in_json(api_client, full_season):
    response = api_client.get("/api/v1/fixtures/", {"format": "csv", "page": 999})
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert "code" in response.json()["error"]
    response = api_client.get("/api/v1/fixtures/", {"format": "csv", "round": "x"})
    assert response.status_code == 400 and "round" in response.json()["error"]["fields"]


def test_the_schema_documents_csv_on_the_lists(api_client, db):
    schema = api_client.get("/api/schema/", {"format": "json"}).json()
    fixtures = schema["paths"]["/api/v1/fixtures/"]["get"]
    assert "text/csv" in fixtures["responses"]["200"]["content"]
    assert any(
        p["name"] == "format" and set(p["schema"]["enum"]) == {"json", "csv"}
        for p in fixtures["parameters"]
    )
    detail = schema["paths"]["/api/v1/fixtures/{id}/"]["get"]
    assert "text/csv" not in detail["responses"]["200"]["content"]


def test_play_helper_scores_are_in_the_results_csv(api_client, full_season):
    from matches.models import Fixture

    fixture = Fixture.objects.filter(status="scheduled").first()
    play(fixture, 4, 2)
    lines = csv_lines(api_client.get("/api/v1/results/", {"format": "csv"}))
    line = next(line for line in lines if line["fixture.id"] == str(fixture.pk))
    assert (line["home_score"], line["away_score"], line["winner"]) == ("4", "2", "home")


def test_an_empty_page_is_a_header_line(api_client, full_season):
    response = api_client.get("/api/v1/fixtures/", {"format": "csv", "round": 99})
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    header = response.content.decode().splitlines()
    assert len(header) == 1 and "home.name" in header[0].split(",")
    assert list(csv.DictReader(io.StringIO(response.content.decode()))) == []
