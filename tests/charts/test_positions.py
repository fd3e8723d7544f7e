"""Positions by round: each round's table ranked by the league's tie-breakers, from one query
of results, the same final table as the standings, drawn and tabled with the same numbers."""

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse

from matches.charts import positions_chart, team_season_chart
from matches.positions import positions_by_round
from matches.standings import standings_get
from tests.charts.helpers import parse_svg, played, svg_of
from tests.factories import SeasonFactory, TeamFactory


@pytest.fixture
def four(league):
    return [
        TeamFactory(league=league, name=name) for name in ("Alpha", "Bravo", "Charlie", "Delta")
    ]


@pytest.fixture
def three_rounds(season, four):
    """Round 1: Alpha 2-0 Bravo, Charlie 1-1 Delta.
    Round 2: Alpha 0-1 Charlie, Delta 3-0 Bravo.
    Round 3: Alpha 1-0 Delta, Bravo 2-1 Charlie."""
    a, b, c, d = four
    played(season, a, b, 2, 0, 1)
    played(season, c, d, 1, 1, 1)
    played(season, a, c, 0, 1, 2)
    played(season, d, b, 3, 0, 2)
    played(season, a, d, 1, 0, 3)
    played(season, b, c, 2, 1, 3)
    return four


def _positions(series):
    return {line.team.name: line.positions for line in series.teams}


@pytest.mark.django_db
def test_positions_after_each_round_follow_the_tie_breakers(season, three_rounds):
    series = positions_by_round(season=season)

    assert series.rounds == [1, 2, 3]
    # R1: Alpha 3 (+2); Charlie, Delta 1 (0, 1 scored each: name order); Bravo 0.
    # R2: Delta 4 (+3), Charlie 4 (+1), Alpha 3 (+1), Bravo 0.
    # R3: Alpha 6 (+2), Delta 4 (+2), Charlie 4 (0), Bravo 3 (-4).
    assert _positions(series) == {
        "Alpha": [1, 3, 1],
        "Bravo": [4, 4, 4],
        "Charlie": [2, 2, 3],
        "Delta": [3, 1, 2],
    }
    alpha = series.of_team(three_rounds[0].pk)
    assert alpha.points == [3, 3, 6]
    assert alpha.score_difference == [2, 1, 2]
    assert [line.team.name for line in series.teams] == ["Alpha", "Delta", "Charlie", "Bravo"]


@pytest.mark.django_db
def test_head_to_head_counts_only_the_meetings_played_so_far(season, four):
    a, b, c, d = four
    season.league.tiebreakers = ["points", "head_to_head", "goal_difference"]
    season.league.save()
    played(season, a, b, 5, 0, 1)  # Alpha 3 (+5)
    played(season, c, d, 1, 0, 1)  # Charlie 3 (+1)
    played(season, c, a, 1, 0, 2)  # Charlie beats Alpha: Charlie 6, Alpha 3
    played(season, b, d, 0, 0, 2)
    played(season, a, d, 4, 0, 3)  # Alpha 6 (+8)
    played(season, b, c, 1, 0, 3)  # Charlie 6 (+1)

    positions = _positions(positions_by_round(season=season))

    assert positions["Alpha"][0] == 1  # level on points with Charlie, no meeting yet: GD
    assert positions["Charlie"][0] == 2
    assert positions["Charlie"][2] == 1  # level on points again: Charlie won their meeting
    assert positions["Alpha"][2] == 2


@pytest.mark.django_db
def test_the_last_round_is_the_standings_table(season, three_rounds):
    series = positions_by_round(season=season)

    table = standings_get(season=season)

    assert {line.team.pk: line.positions[-1] for line in series.teams} == {
        row.team.pk: row.position for row in table
    }
    assert {line.team.pk: line.points[-1] for line in series.teams} == {
        row.team.pk: row.points for row in table
    }


@pytest.mark.django_db
def test_a_season_without_results_has_no_round_and_no_chart(season, four):
    series = positions_by_round(season=season)

    assert series.rounds == []
    assert positions_chart(series) == ""


@pytest.mark.django_db
def test_the_query_count_does_not_grow_with_the_rounds(
    season, four, django_assert_num_queries, league
):
    a, b, c, d = four
    played(season, a, b, 1, 0, 1)
    with django_assert_num_queries(2):
        positions_by_round(season=season)
    for number in range(2, 12):
        played(season, c, d, number % 3, 1, number)
    with django_assert_num_queries(2):
        positions_by_round(season=season)


@pytest.mark.django_db
def test_the_charts_parse_as_named_pictures_with_a_line_per_team(season, three_rounds):
    series = positions_by_round(season=season)

    root = parse_svg(positions_chart(series))
    alpha = series.of_team(three_rounds[0].pk)
    team_root = parse_svg(team_season_chart(series.rounds, alpha))

    text = "".join(root.itertext())
    for name in ("Alpha", "Bravo", "Charlie", "Delta"):
        assert name in text
    assert "Alpha" in team_root.get("aria-label")


@pytest.mark.django_db
def test_the_season_charts_page_tables_the_same_numbers(client, league, season, three_rounds):
    response = client.get(reverse("league:season_charts", args=[league.pk]))

    assert response.status_code == 200
    html = response.content.decode()
    parse_svg(svg_of(html))
    soup = BeautifulSoup(html, "html.parser")
    table = {
        row.th.get_text(strip=True): [int(cell.get_text()) for cell in row.find_all("td")]
        for row in soup.select("table.positions-table tbody tr")
    }
    assert table == _positions(positions_by_round(season=season))
    assert not soup.find("script", src=False, string=True)


@pytest.mark.django_db
def test_the_team_charts_page_tables_points_and_difference(client, season, three_rounds):
    alpha = three_rounds[0]

    response = client.get(reverse("league:team_charts", args=[alpha.pk]))

    assert response.status_code == 200
    soup = BeautifulSoup(response.content.decode(), "html.parser")
    rows = [
        [cell.get_text(strip=True) for cell in row.find_all(["th", "td"])]
        for row in soup.select("table.season-table tbody tr")
    ]
    assert rows == [["R1", "1", "3", "2"], ["R2", "3", "3", "1"], ["R3", "1", "6", "2"]]
    parse_svg(svg_of(response.content.decode()))


@pytest.mark.django_db
def test_the_pages_show_the_season_asked_for(client, league, season, three_rounds):
    newer = SeasonFactory(league=league, name="2627")

    latest = client.get(reverse("league:season_charts", args=[league.pk]))
    older = client.get(reverse("league:season_charts", args=[league.pk]), {"season": season.pk})

    assert latest.context["season"] == newer and latest.context["series"].rounds == []
    assert older.context["season"] == season and older.context["series"].rounds == [1, 2, 3]


@pytest.mark.django_db
def test_the_pages_answer_in_french(client, league, season, three_rounds):
    client.cookies["django_language"] = "fr"

    response = client.get(
        reverse("league:season_charts", args=[league.pk]), HTTP_ACCEPT_LANGUAGE="fr"
    )

    assert response.status_code == 200
    assert response.headers["Content-Language"] == "fr"


@pytest.mark.django_db
def test_the_api_gives_the_series(api_client, season, three_rounds):
    response = api_client.get(f"/api/v1/seasons/{season.pk}/positions/")

    assert response.status_code == 200
    body = response.json()
    assert body["season"] == season.pk and body["rounds"] == [1, 2, 3]
    assert {line["team"]["name"]: line["positions"] for line in body["teams"]} == _positions(
        positions_by_round(season=season)
    )
    alpha = next(line for line in body["teams"] if line["team"]["name"] == "Alpha")
    assert (alpha["points"], alpha["score_difference"]) == ([3, 3, 6], [2, 1, 2])


@pytest.mark.django_db
def test_the_api_costs_the_same_for_more_rounds(
    api_client, season, four, django_assert_max_num_queries
):
    a, b, c, d = four
    played(season, a, b, 1, 0, 1)
    url = f"/api/v1/seasons/{season.pk}/positions/"
    with django_assert_max_num_queries(3):
        api_client.get(url)
    for number in range(2, 10):
        played(season, c, d, 1, number % 2, number)
    with django_assert_max_num_queries(3):
        assert api_client.get(url).status_code == 200


@pytest.mark.django_db
def test_an_unknown_season_is_a_404(api_client):
    assert api_client.get("/api/v1/seasons/999999/positions/").status_code == 404


@pytest.mark.django_db
def test_the_pages_cost_the_same_for_more_rounds(client, league, season, four):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    a, b, c, d = four
    played(season, a, b, 1, 0, 1)
    pages = [
        reverse("league:season_charts", args=[league.pk]),
        reverse("league:team_charts", args=[a.pk]),
    ]

    def cost() -> list[int]:
        counts = []
        for url in pages:
            with CaptureQueriesContext(connection) as queries:
                assert client.get(url).status_code == 200
            counts.append(len(queries))
        return counts

    before = cost()
    for number in range(2, 12):
        played(season, c, d, number % 3, 1, number)
        played(season, a, b, 0, number % 2, number)

    assert cost() == before
