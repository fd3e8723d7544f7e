"""The ratings read by anyone: the API (``/api/v1/leagues/{id}/ratings/``,
``/api/v1/coaches/{id}/ratings/``) and the pages, in English and French."""

import pytest
from django.urls import reverse

from ratings.models import CoachRating, TeamRating
from tests.ratings.conftest import play


@pytest.fixture
def rated(seasons, run_on_commit):
    """North's first two rounds played, home sides winning."""
    north = [f for f in seasons if f.season.league.name == "North" and f.round <= 2]
    for fixture in north:
        run_on_commit(play, fixture, 2, 0)
    return north


def test_a_leagues_ratings_give_each_team_its_rounds(rated, api_client):
    league = rated[0].season.league

    body = api_client.get(f"/api/v1/leagues/{league.pk}/ratings/").json()

    assert body["league"] == league.pk and body["tau"] == 0.5
    assert len(body["teams"]) == 6
    ratings = [team["rating"] for team in body["teams"]]
    assert ratings == sorted(ratings, reverse=True)
    for team in body["teams"]:
        rows = TeamRating.objects.filter(team_id=team["team"]["id"]).order_by("round")
        assert [point["round"] for point in team["history"]] == [1, 2]
        assert team["rating"] == rows.last().rating and team["games"] == 2
        assert team["change"] == rows.last().rating - rows.first().rating


def test_a_league_without_results_has_no_rated_team(seasons, api_client):
    league = seasons[0].season.league
    body = api_client.get(f"/api/v1/leagues/{league.pk}/ratings/").json()
    assert body["teams"] == []


def test_an_unknown_league_is_404(db, api_client):
    assert api_client.get("/api/v1/leagues/999999/ratings/").status_code == 404


def test_a_coachs_ratings_per_game_then_every_game(rated, api_client):
    ada = rated[0].season.league.teams.get(coach__username="ada").coach

    body = api_client.get(f"/api/v1/coaches/{ada.pk}/ratings/").json()

    assert body["coach"] == {"id": ada.pk, "username": "ada"}
    assert [pool["game"] for pool in body["ratings"]] == ["rotzball", ""]
    every = body["ratings"][1]
    stored = CoachRating.objects.filter(coach=ada, game="").order_by("week")
    assert [p["week"] for p in every["history"]] == [r.week.isoformat() for r in stored]
    assert every["rating"] == stored.last().rating and every["games"] == 2


def test_a_user_who_never_coached_has_no_ratings_page(rated, api_client, stranger, client):
    assert api_client.get(f"/api/v1/coaches/{stranger.pk}/ratings/").status_code == 404
    assert client.get(reverse("ratings:coach", args=[stranger.pk])).status_code == 404


def test_the_league_page_shows_the_table_and_the_chart(
    rated, client, django_assert_max_num_queries
):
    league = rated[0].season.league
    with django_assert_max_num_queries(12):
        page = client.get(reverse("league:ratings", args=[league.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert '<svg role="img"' in html and "Each team&#x27;s rating after each round" in html
    top = TeamRating.objects.filter(team__league=league, round=2).order_by("-rating").first()
    assert f"{top.rating:.0f}" in html
    ada = league.teams.get(coach__username="ada").coach
    assert reverse("ratings:coach", args=[ada.pk]) in html
    assert (
        reverse("league:ratings", args=[league.pk])
        in client.get(league.get_absolute_url()).content.decode()
    )


def test_the_coach_page_speaks_french(rated, client):
    ada = rated[0].season.league.teams.get(coach__username="ada").coach
    page = client.get(reverse("ratings:coach", args=[ada.pk]), headers={"accept-language": "fr"})
    html = page.content.decode()
    assert page.status_code == 200
    assert "Cotes de ada" in html and "Tous les jeux" in html
