"""The season's result book: one page with the standings and every round's fixtures with
their scores; a print button and the print stylesheet; linked from the league page."""

import pytest
from bs4 import BeautifulSoup

from matches.models import Fixture

pytestmark = pytest.mark.django_db


def book(client, league, season):
    response = client.get(f"/leagues/{league.pk}/seasons/{season.pk}/book/")
    assert response.status_code == 200
    return BeautifulSoup(response.content, "html.parser")


def test_the_book_shows_every_fixture_with_its_score(client, league, full_season):
    page = book(client, league, full_season)
    rounds = page.select("section.book-round")
    assert [s.h2.get_text(strip=True) for s in rounds] == [f"Round {n}" for n in range(1, 15)]
    rows = page.select("table.book-fixtures tbody tr")
    assert len(rows) == 56
    fixtures = Fixture.objects.select_related("home", "away", "result").order_by(
        "round", "kickoff", "pk"
    )
    for row, fixture in zip(rows, fixtures, strict=True):
        assert row.select_one(".home").get_text(strip=True) == fixture.home.name
        assert row.select_one(".away").get_text(strip=True) == fixture.away.name
        score = row.select_one(".score").get_text(strip=True)
        if fixture.status == "played":
            assert score == f"{fixture.result.home_score}–{fixture.result.away_score}"
        else:
            assert score == fixture.get_status_display()


def test_the_book_opens_with_the_standings(client, league, full_season):
    page = book(client, league, full_season)
    standings = page.select(".book-standings tbody tr")
    assert len(standings) == 8
    assert [th.get_text(strip=True) for th in page.select(".book-standings thead th")][:3] == [
        "#",
        "Team",
        "Played",
    ]
    assert page.select_one("button[data-print]") is not None
    assert page.select_one('link[href$="css/exports.css"]') is not None
    assert "12 of 56 matches played" in page.get_text(" ", strip=True)


def test_the_book_of_another_leagues_season_is_not_found(client, league, full_season, kp_league):
    assert client.get(f"/leagues/{kp_league.pk}/seasons/{full_season.pk}/book/").status_code == 404


def test_the_book_costs_a_few_queries(client, league, full_season, django_assert_max_num_queries):
    with django_assert_max_num_queries(12):
        book(client, league, full_season)


def test_a_simulated_rotzball_match_lists_its_goals(
    client, league, season, team, other_team, run_on_commit
):
    from datetime import timedelta

    from django.utils import timezone

    from matches import services

    fixture = Fixture.objects.create(
        season=season,
        round=1,
        home=team,
        away=other_team,
        kickoff=timezone.now() + timedelta(hours=1),
    )
    run_on_commit(
        services.simulation_request, season=season, user=league.commissioner, fixture=fixture
    )
    fixture.refresh_from_db()
    result = fixture.result
    page = book(client, league, season)
    lines = [li.get_text(strip=True) for li in page.select(".book-events li")]
    assert len(lines) == result.home_score + result.away_score
    goals = [turn for turn in result.record["turns"] if turn["goal"]]
    assert [line.split(":")[0] for line in lines] == [f"Turn {t['turn']}" for t in goals]
    assert lines == [] or lines[-1].endswith(f"({result.home_score}–{result.away_score})")
