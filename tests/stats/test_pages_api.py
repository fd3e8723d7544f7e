"""The statistics page in English and French, its links, its download, and the API's shape."""

import csv
import io

import pytest
from bs4 import BeautifulSoup
from django.test import Client

from tests.factories import TeamFactory
from tests.stats.test_leaderboards import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(league, season):
    a, b, c = (
        TeamFactory(league=league, name=name, coach=None) for name in ("Wolves", "Ravens", "Bears")
    )
    first = play(season, a, b, 4, 1, day=1)
    play(season, b, c, 2, 2, day=2)
    return first


def page(url, language="en"):
    client = Client()
    client.cookies["django_language"] = language
    response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
    return response, BeautifulSoup(response.content.decode(), "html.parser")


@pytest.mark.parametrize(
    ("language", "title", "record", "board"),
    [
        ("en", "Statistics", "Biggest win", "Goals · teams"),
        ("fr", "Statistiques", "Plus large victoire", "Buts · équipes"),
    ],
)
def test_the_page_in_both_languages(league, season, played, language, title, record, board):
    response, html = page(f"/leagues/{league.pk}/statistics/", language)

    assert response.status_code == 200
    assert html.h1.text.startswith(title)
    row = html.find(id="record-biggest_win")
    assert row.th.text == record
    assert row.find("a", class_="record-fixture")["href"] == f"/matches/{played.fixture_id}/"
    goals = html.find(id="board-goals-team")
    assert goals.h3.text == board
    first = goals.tbody.tr
    assert (
        first.th.a.text == "Wolves"
        and first.th.a["href"] == f"/leagues/teams/{played.fixture.home_id}/"
    )
    assert first.find_all("td")[1].text == "4"


def test_the_scopes_link_each_season_and_all_time(league, season, played):
    _response, html = page(f"/leagues/{league.pk}/statistics/?season=all")
    links = {a.text: a["href"] for a in html.find(id="stats-scopes").find_all("a")}
    assert links == {season.name: f"?season={season.pk}", "All time": "?season=all"}
    assert html.find(id="stats-scopes").find("a", attrs={"aria-current": "page"}).text == "All time"
    assert page(f"/leagues/{league.pk}/statistics/?season=99999")[0].status_code == 404


def test_the_league_and_team_pages_link_the_statistics(league, season, played):
    _response, html = page(f"/leagues/{league.pk}/")
    assert html.find("a", href=f"/leagues/{league.pk}/statistics/?season={season.pk}")
    home = played.fixture.home_id
    _response, html = page(f"/leagues/teams/{home}/")
    assert html.find("a", href=f"/leagues/{league.pk}/statistics/?team={home}")


@pytest.mark.parametrize(
    ("language", "note"), [("en", "The rows of Ravens"), ("fr", "Les lignes de Ravens")]
)
def test_one_teams_rows_with_their_ranks_in_the_league(league, season, played, language, note):
    ravens = played.fixture.away
    response, html = page(f"/leagues/{league.pk}/statistics/?team={ravens.pk}", language)

    assert response.status_code == 200
    assert html.find(id="stats-team").text.startswith(note)
    rows = html.find(id="board-goals-team").tbody.find_all("tr")
    assert [(row.td.text, row.th.a.text) for row in rows] == [("2", "Ravens")]  # 3 goals, 2nd
    assert page(f"/leagues/{league.pk}/statistics/?team=99999")[0].status_code == 404


def test_the_download_lists_every_leaderboard_row(league, season, played):
    response = Client().get(f"/leagues/{league.pk}/statistics.csv?season={season.pk}")
    assert response.status_code == 200
    rows = list(
        csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode("utf-8-sig")))
    )
    goals = [row for row in rows if row["statistic"] == "goals"]
    assert [(row["team"], row["value"], row["rank"]) for row in goals] == [
        ("Wolves", "4", "1"),
        ("Ravens", "3", "2"),
        ("Bears", "2", "3"),
    ]


def test_the_api_leaderboards(api_client, league, season, played):
    body = api_client.get(f"/api/v1/leagues/{league.pk}/statistics/").json()

    assert (body["league"], body["season"], body["results"]) == (league.pk, season.pk, 2)
    boards = {board["statistic"]: board for board in body["leaderboards"]}
    assert set(boards) == {"goals", "possessions", "exchanges_won"}
    top = boards["goals"]["rows"][0]
    assert top == {
        "rank": 1,
        "team": {"id": played.fixture.home_id, "name": "Wolves"},
        "player": "",
        "player_name": "",
        "value": 4,
        "matches": 1,
        "best_fixture": played.fixture_id,
        "best_value": 4,
    }
    # each hand-made record holds five possessions a side
    possessions = [
        (row["team"]["name"], row["value"], row["rank"]) for row in boards["possessions"]["rows"]
    ]
    assert possessions == [("Ravens", 10, 1), ("Bears", 5, 2), ("Wolves", 5, 2)]


def test_the_api_records(api_client, league, season, played):
    body = api_client.get(f"/api/v1/leagues/{league.pk}/statistics/records/?season=all").json()

    assert body["season"] is None
    records = {record["key"]: record for record in body["records"]}
    assert records["biggest_win"]["value"] == 3
    assert records["biggest_win"]["fixture"]["id"] == played.fixture_id
    assert records["biggest_win"]["team"]["name"] == "Wolves"
    assert records["longest_unbeaten_run"]["since"]["id"] == played.fixture_id


def test_the_api_gives_one_teams_rows(api_client, league, season, played):
    ravens = played.fixture.away
    body = api_client.get(f"/api/v1/leagues/{league.pk}/statistics/?team={ravens.pk}").json()

    assert body["team"] == ravens.pk
    goals = {board["statistic"]: board for board in body["leaderboards"]}["goals"]["rows"]
    assert [(row["team"]["name"], row["rank"], row["value"]) for row in goals] == [("Ravens", 2, 3)]
    refused = api_client.get(f"/api/v1/leagues/{league.pk}/statistics/?team=0")
    assert refused.status_code == 400 and refused.json()["error"]["code"] == "unknown_team"


def test_the_api_refuses_a_season_of_no_such_league(api_client, league, season):
    response = api_client.get(f"/api/v1/leagues/{league.pk}/statistics/?season=nope")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "unknown_season"
    assert "season" in response.json()["error"]["fields"]
